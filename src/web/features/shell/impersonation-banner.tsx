import { ShieldAlert } from 'lucide-react';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useReturnToAdmin } from '#web/features/auth/api/return-to-admin.ts';
import { useNav } from './nav-context.tsx';

/** Spec §2: the amber banner shown while an admin views someone's account. */
export function ImpersonationBanner() {
  const { adminHome } = useNav();
  const back = useReturnToAdmin(adminHome);
  return (
    <div role="region" aria-label="Admin mode" className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm sm:px-6">
        <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
        <p className="font-medium">You are viewing this account in admin mode.</p>
        <a
          href={adminHome}
          onClick={(e) => {
            e.preventDefault();
            if (!back.isPending) back.mutate();
          }}
          aria-disabled={back.isPending || undefined}
          className="inline-flex items-center gap-1.5 font-semibold underline underline-offset-2 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-amber-900"
        >
          {back.isPending && <Spinner size="sm" label="Returning to admin" />}
          Return to admin
        </a>
      </div>
    </div>
  );
}
