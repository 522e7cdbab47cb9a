import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminIndexResponse } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/admin/index: constituents with eligibility; polls while a queued recompute runs. */
export const fetchAdminIndex = (signal?: AbortSignal) => apiRequest<AdminIndexResponse>('GET', indexPaths.admin, { signal });
export const adminIndexQuery = () =>
  queryOptions({
    queryKey: indexKeys.admin,
    queryFn: ({ signal }) => fetchAdminIndex(signal),
    refetchInterval: (q) => (q.state.data?.recomputePending ? 2000 : false),
  });
export const useAdminIndex = () => useQuery(adminIndexQuery());
