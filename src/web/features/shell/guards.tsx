import { useEffect, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { RotateCw } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser, type CurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { hasAuthStateCookie } from '#web/features/auth/auth-cookie.ts';
import { rememberReturn } from '#web/features/auth/return-to.ts';
import { openSignIn } from '#web/features/auth/sign-in-store.ts';

export type Requirement = 'user' | 'admin' | 'admin-or-manager';

/** Spec §6: shell pages need a user; the admin layout an admin; the manager layout an admin or manager. */
export function meetsRequirement(user: CurrentUser | null | undefined, need: Requirement): boolean {
  if (!user?.isAuthenticated) return false;
  if (need === 'admin') return user.isAdmin;
  if (need === 'admin-or-manager') return user.isAdmin || user.isManager;
  return true;
}

function AuthError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="font-display text-2xl">We couldn't check your session</h1>
      <p className="max-w-sm text-sm text-muted-foreground">The connection to the server failed. Check your connection and try again.</p>
      <Button onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/**
 * Nobody is signed in on a signed-in page: to / with the sign-in dialog open, remembering the
 * page to return to, and whether a session just ended (its auth_state flag is still set).
 */
function SendToSignIn() {
  const [here] = useState(() => window.location.pathname + window.location.search);
  useEffect(() => {
    rememberReturn(here, hasAuthStateCookie() ? 'session_ended' : 'sign_in');
    openSignIn();
  }, [here]);
  return <Redirect to="/" replace />;
}

/**
 * Renders its children only for a user who meets the requirement. While the user loads, a spinner
 * fills the screen; anyone else is sent to /.
 */
export function RequireAuth({ need, children }: { need: Requirement; children: (user: CurrentUser) => ReactNode }) {
  const { data: user, isPending, isError, refetch, isFetching } = useCurrentUser();
  if (isPending) return <PageSpinner fullScreen label="Loading your account" />;
  if (isError && !user) return <AuthError onRetry={() => void refetch()} retrying={isFetching} />;
  if (!user) return <SendToSignIn />;
  if (!meetsRequirement(user, need)) return <Redirect to="/" replace />;
  return <>{children(user)}</>;
}
