import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFundDetail } from '#common/funds.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminFundKeys } from './keys.ts';

/** GET /api/admin/funds/{id}: the manage page's tabs in one read. */
export const fetchAdminFund = (id: string, signal?: AbortSignal) => apiGet<AdminFundDetail>(adminFundKeys.detail(id), signal);

export const adminFundQuery = (id: string) =>
  queryOptions({ queryKey: adminFundKeys.detail(id), queryFn: ({ signal }) => fetchAdminFund(id, signal) });

export const useAdminFund = (id: string) => useQuery(adminFundQuery(id));
