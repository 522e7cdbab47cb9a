/**
 * A signed-in page reached without a session: where to go back after signing in, and why the
 * person is asked to (their session ended, or they were never signed in). Kept for the tab only.
 */
const KEY = 'return_to';

export type ReturnReason = 'session_ended' | 'sign_in';

/** Only this app's own paths: never another origin (`//host`, `/\host`), never a URL. */
export function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

export function rememberReturn(path: string, reason: ReturnReason) {
  if (!isAppPath(path) || path === '/') return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, reason }));
  } catch {
    // Storage off (private mode): the person lands on the dashboard as before.
  }
}

export function pendingReturn(): { path: string; reason: ReturnReason } | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { path?: unknown; reason?: unknown } | null;
    if (!v || typeof v.path !== 'string' || !isAppPath(v.path)) return null;
    return { path: v.path, reason: v.reason === 'session_ended' ? 'session_ended' : 'sign_in' };
  } catch {
    return null;
  }
}

/** The path to go back to (once), or null. */
export function takeReturn(): string | null {
  const p = pendingReturn();
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
  return p?.path ?? null;
}

export function forgetReturn() {
  takeReturn();
}
