import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonProps } from '#web/components/ui/button.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { openRequestAccess, setRequestAccessOpen, useRequestAccessOpen } from './request-access-store.ts';

const RequestAccessDialog = lazy(() => import('./request-access-dialog.tsx').then((m) => ({ default: m.RequestAccessDialog })));

/**
 * The public header's Get Access button (beside Sign In); hidden once signed in. In the mobile
 * menu it closes the menu as it opens the dialog.
 */
export function GetAccessButton({ mobile = false, ...props }: { mobile?: boolean } & Omit<ButtonProps, 'onClick'>) {
  const { data: user } = useCurrentUser();
  if (user) return null;
  const button = (
    <Button variant="default" className={mobile ? 'w-full' : undefined} {...props} onClick={openRequestAccess}>
      Get Access
    </Button>
  );
  return button;
}

/**
 * Mounts the Request Private Access dialog once it is first asked for (the phone library and form
 * code load only then). Render once, near the app's root.
 */
export function RequestAccessDialogHost() {
  const open = useRequestAccessOpen();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <RequestAccessDialog open={open} onOpenChange={setRequestAccessOpen} />
    </Suspense>
  );
}
