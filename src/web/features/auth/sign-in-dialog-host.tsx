import { lazy, Suspense, useState } from 'react';
import { useSignInOpen } from './sign-in-store.ts';

const SignInDialog = lazy(() => import('./sign-in-dialog.tsx').then((m) => ({ default: m.SignInDialog })));

/**
 * Mounts the sign-in dialog once it is first asked for, so the phone library and form code load
 * only for visitors who sign in.
 */
export function SignInDialogHost() {
  const open = useSignInOpen();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  );
}
