import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLoansResponse } from '#common/lending.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminLoanKeys, type AdminLoansParams } from './keys.ts';

/** GET /api/admin/loans?status&q&page: a page of the queue with the count of every status. */
export const fetchAdminLoans = (p: AdminLoansParams, signal?: AbortSignal) => apiGet<AdminLoansResponse>(adminLoanKeys.list(p), signal);
export const adminLoansQuery = (p: AdminLoansParams) =>
  queryOptions({ queryKey: adminLoanKeys.list(p), queryFn: ({ signal }) => fetchAdminLoans(p, signal), placeholderData: keepPreviousData });
export const useAdminLoans = (p: AdminLoansParams) => useQuery(adminLoansQuery(p));
