import type { QueryClient } from '@tanstack/react-query';
import type { LoginResponse, SessionUser } from '#common/auth.ts';
import { clearCredentials, setCredentials } from '#web/lib/credentials.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { noteSignIn } from '#web/lib/live/live-connection.tsx';
import { clearAuthStateCookie, setAuthStateCookie } from './auth-cookie.ts';
import type { CurrentUser } from './api/get-current-user.ts';
import { authKeys } from './api/keys.ts';

const CURRENT_USER_KEY = authKeys.me;

/** Cached reads that do not depend on who is signed in (meta.sessionIndependent) survive a change of user. */
function forgetUserData(qc: QueryClient) {
  qc.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] && !q.meta?.sessionIndependent });
}

/**
 * A login (or an impersonation, or a return to admin) succeeded: keep the credentials, set the
 * auth_state flag, drop the previous user's cached data and refetch the current user.
 */
export async function startSession(qc: QueryClient, res: LoginResponse) {
  setCredentials({ userId: res.user.id, authToken: res.authToken });
  rememberFirstSignIn(res);
  setAuthStateCookie();
  noteSignIn();
  await qc.cancelQueries({ queryKey: CURRENT_USER_KEY });
  forgetUserData(qc);
  qc.setQueryData<CurrentUser>(CURRENT_USER_KEY, { ...res.user, isAuthenticated: true });
  await qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}

/** Signed out: credentials, the auth_state flag and every cached user read are gone. */
export function endSession(qc: QueryClient) {
  clearCredentials();
  rememberFirstSignIn(null);
  clearAuthStateCookie();
  void qc.cancelQueries({ queryKey: CURRENT_USER_KEY });
  forgetUserData(qc);
  qc.setQueryData(CURRENT_USER_KEY, null);
}

/** Spec §6 and §8: the login toast, or the admin-access one when impersonating. */
export function announceLogin(user: SessionUser) {
  if (user.isImpersonated) {
    toast({ title: 'Admin Access', description: `You are now logged in as ${user.name || user.phone}` });
  } else {
    toast({ title: 'Success', description: "You've been logged in successfully" });
  }
}

const FIRST_SIGN_IN_KEY = 'first-sign-in';

/** Kept for the tab's session, so a reload still greets a first sign-in as such. */
function rememberFirstSignIn(res: LoginResponse | null) {
  try {
    if (res?.firstSignIn && !res.user.isImpersonated) sessionStorage.setItem(FIRST_SIGN_IN_KEY, res.user.id);
    else sessionStorage.removeItem(FIRST_SIGN_IN_KEY);
  } catch {
    // Storage may be unavailable (private mode); the greeting then falls back to "Welcome back".
  }
}

/** Whether this tab's session began with the user's very first sign-in. */
export function isFirstSignIn(userId: string): boolean {
  try {
    return sessionStorage.getItem(FIRST_SIGN_IN_KEY) === userId;
  } catch {
    return false;
  }
}

/** The dashboard's greeting: "Welcome back" only for someone who has signed in before. */
export function greeting(name: string | null, firstSignIn: boolean): string {
  const word = firstSignIn ? 'Welcome' : 'Welcome back';
  return name ? `${word}, ${name}` : word;
}
