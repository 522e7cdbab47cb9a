import { lazy, Suspense } from 'react';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';

// Over the signed-in shells when new Terms of Use await the member's acceptance.
const TermsPrompt = lazy(() => import('./terms-prompt.tsx').then((m) => ({ default: m.TermsPrompt })));

/** The terms dialog's code loads only for a member with a new version to accept. */
export default function TermsGate() {
  const { data: user } = useCurrentUser();
  if (typeof user?.termsToAccept !== 'number') return null;
  return (
    <Suspense fallback={null}>
      <TermsPrompt />
    </Suspense>
  );
}
