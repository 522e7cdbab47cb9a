import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminHunt } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminSourceKeys, adminSourcePaths } from './keys.ts';

/** GET /api/admin/hunts?status=: hunts with their requester. */
export const fetchAdminHunts = (status: string, signal?: AbortSignal) =>
  apiRequest<{ hunts: AdminHunt[] }>('GET', adminSourcePaths.hunts, { signal, params: { status: status || undefined } });
export const adminHuntsQuery = (status: string) =>
  queryOptions({ queryKey: adminSourceKeys.huntsBy(status), queryFn: ({ signal }) => fetchAdminHunts(status, signal) });
export const useAdminHunts = (status: string) => useQuery(adminHuntsQuery(status));
