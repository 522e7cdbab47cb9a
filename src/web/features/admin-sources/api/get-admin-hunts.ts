import { useQuery } from '@tanstack/react-query';
import type { AdminHunt } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminSourceKeys, adminSourcePaths } from './keys.ts';

/** GET /api/admin/hunts?status=: hunts with their requester. */
export const useAdminHunts = (status: string) =>
  useQuery({
    queryKey: adminSourceKeys.huntsBy(status),
    queryFn: ({ signal }) => apiRequest<{ hunts: AdminHunt[] }>('GET', adminSourcePaths.hunts, { signal, params: { status: status || undefined } }),
  });
