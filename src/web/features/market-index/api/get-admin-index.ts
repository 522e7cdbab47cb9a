import { useQuery } from '@tanstack/react-query';
import type { AdminIndexResponse } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/admin/index: constituents with eligibility; polls while a queued recompute runs. */
export const useAdminIndex = () =>
  useQuery({
    queryKey: indexKeys.admin,
    queryFn: ({ signal }) => apiRequest<AdminIndexResponse>('GET', indexPaths.admin, { signal }),
    refetchInterval: (q) => (q.state.data?.recomputePending ? 2000 : false),
  });
