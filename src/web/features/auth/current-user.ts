import { useQuery, type QueryFunctionContext } from '@tanstack/react-query';
import type { MeResponse } from '#common/auth.ts';
import { getCredentials } from '#web/lib/credentials.ts';
import { getQueryFn } from '#web/lib/query-client.ts';
import { hasAuthStateCookie } from './auth-cookie.ts';

export type CurrentUser = MeResponse;

export const CURRENT_USER_KEY = ['/api/auth/me'] as const;
/** Spec §9: the current-user query is fresh for 30 s. */
export const CURRENT_USER_STALE_MS = 30_000;

const fetchMe = getQueryFn<CurrentUser>({ on401: 'returnNull' });

/**
 * GET /api/auth/me; 401 means nobody. A browser with neither stored credentials nor the
 * auth_state flag has never signed in (or has signed out), so it is not asked.
 */
export async function currentUserQueryFn(ctx: QueryFunctionContext): Promise<CurrentUser | null> {
  if (!getCredentials() && !hasAuthStateCookie()) return null;
  return fetchMe(ctx);
}

/** The signed-in user, or null when signed out. */
export function useCurrentUser() {
  return useQuery<CurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: currentUserQueryFn,
    staleTime: CURRENT_USER_STALE_MS,
  });
}
