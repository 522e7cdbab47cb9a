import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MySource } from '#common/hunts.ts';
import { apiGet } from '#web/lib/api.ts';
import { huntKeys } from './keys.ts';

/** GET /api/user/sources: the member's offers with their status history. */
export const fetchMySources = (signal?: AbortSignal) => apiGet<{ sources: MySource[] }>(huntKeys.mySources, signal);
export const mySourcesQuery = () => queryOptions({ queryKey: huntKeys.mySources, queryFn: ({ signal }) => fetchMySources(signal) });
export const useMySources = () => useQuery(mySourcesQuery());
