import type { QueryClient } from '@tanstack/react-query';
import type { MeResponse } from '#common/auth.ts';
import { PAGE_SESSION_ID } from '#common/page-session.ts';
import { getCredentials } from '#web/lib/credentials.ts';
import { authKeys } from './api/keys.ts';

/**
 * The signed-in user the server put in this page (decision 125), taken once. Used only when it is
 * the user this browser's stored credentials belong to: every API call carries those, so a page
 * answered for another session (a cookie left from another sign-in) would not match them.
 */
export function takePageSession(doc: Document = document): MeResponse | null {
  const el = doc.getElementById(PAGE_SESSION_ID);
  if (!el) return null;
  el.remove();
  try {
    const user = JSON.parse(el.textContent ?? '') as MeResponse | null;
    const credentials = getCredentials();
    return user && credentials && user.id === credentials.userId ? user : null;
  } catch {
    return null;
  }
}

/** Puts the page's signed-in user in the query cache, so the shell renders without asking /api/auth/me first. */
export function seedCurrentUser(queryClient: QueryClient, doc: Document = document) {
  const user = takePageSession(doc);
  if (user) queryClient.setQueryData(authKeys.me, user);
}
