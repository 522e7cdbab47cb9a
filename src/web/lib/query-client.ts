import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiRequest, pathFromQueryKey } from './api.ts';

export { pathFromQueryKey };

declare module '@tanstack/react-query' {
  interface Register {
    /** `sessionIndependent`: the data is the same whoever is signed in (kept across sign-in and sign-out). */
    queryMeta: { sessionIndependent?: boolean };
  }
}

/** The default read: GET the path from the query key; with on401 "returnNull" a 401 means "nobody". */
export function getQueryFn<T>({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const { path, params } = pathFromQueryKey(queryKey);
    try {
      return await apiRequest<T>('GET', path, { params, signal });
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}

/** Defaults from spec §9: fresh 2 min, kept 10 min, no retries, refetch only on reconnect. */
export const queryDefaults = {
  queries: {
    queryFn: getQueryFn({ on401: 'throw' }),
    staleTime: 2 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    refetchOnReconnect: true,
  },
  mutations: { retry: false },
} as const;

export function createQueryClient() {
  return new QueryClient({ defaultOptions: queryDefaults });
}

export const queryClient = createQueryClient();
