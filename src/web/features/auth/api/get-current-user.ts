import { queryOptions, useQuery, type QueryFunctionContext } from '@tanstack/react-query';
import type { MeResponse } from '#common/auth.ts';
import { ApiError, apiGet } from '#web/lib/api.ts';
import { getCredentials } from '#web/lib/credentials.ts';
import { hasAuthStateCookie } from '../auth-cookie.ts';
import { authKeys } from './keys.ts';

export type CurrentUser = MeResponse;

/** Spec §9: the current-user query is fresh for 30 s. */
export const CURRENT_USER_STALE_MS = 30_000;

/**
 * GET /api/auth/me; 401 means nobody. A browser with neither stored credentials nor the
 * auth_state flag has never signed in (or has signed out), so it is not asked.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  if (!getCredentials() && !hasAuthStateCookie()) return null;
  try {
    return await apiGet<CurrentUser>(authKeys.me, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const currentUserQueryFn = ({ signal }: Pick<QueryFunctionContext, 'signal'>) => fetchCurrentUser(signal);

export const currentUserQuery = () => queryOptions({ queryKey: authKeys.me, queryFn: currentUserQueryFn, staleTime: CURRENT_USER_STALE_MS });

/** The signed-in user, or null when signed out. */
export const useCurrentUser = () => useQuery(currentUserQuery());
