import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyHunt } from '#common/hunts.ts';
import { apiGet } from '#web/lib/api.ts';
import { huntKeys } from './keys.ts';

/** GET /api/user/hunts: the member's hunts with history and approved offers. */
export const fetchMyHunts = (signal?: AbortSignal) => apiGet<{ hunts: MyHunt[] }>(huntKeys.mine, signal);
export const myHuntsQuery = () => queryOptions({ queryKey: huntKeys.mine, queryFn: ({ signal }) => fetchMyHunts(signal) });
export const useMyHunts = () => useQuery(myHuntsQuery());
