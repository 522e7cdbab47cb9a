import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { ApiError, apiRequest, type QueryParams } from './api.ts';

/** A query key's path: its string parts joined with "/", plus an optional params object last. */
export function pathFromQueryKey(queryKey: QueryKey): { path: string; params?: QueryParams } {
  const parts: string[] = [];
  let params: QueryParams | undefined;
  for (const part of queryKey) {
    if (part && typeof part === 'object') params = part as QueryParams;
    else if (part !== undefined && part !== null) parts.push(String(part));
  }
  return { path: parts.join('/').replace(/(?<!:)\/{2,}/g, '/'), params };
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
