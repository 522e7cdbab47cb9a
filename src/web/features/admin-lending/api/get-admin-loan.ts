import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLoanDetail } from '#common/lending.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminLoanKeys } from './keys.ts';

/** GET /api/admin/loans/{id}: the loan with borrower, collateral, schedule, invoices and history. */
export const fetchAdminLoan = (id: string, signal?: AbortSignal) =>
  apiGet<{ loan: AdminLoanDetail }>(adminLoanKeys.detail(id), signal).then((r) => r.loan);
export const adminLoanQuery = (id: string) =>
  queryOptions({ queryKey: adminLoanKeys.detail(id), queryFn: ({ signal }) => fetchAdminLoan(id, signal) });
export const useAdminLoan = (id: string) => useQuery(adminLoanQuery(id));
