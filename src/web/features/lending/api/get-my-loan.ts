import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanDetail } from '#common/lending.ts';
import { apiGet } from '#web/lib/api.ts';
import { loanKeys } from './keys.ts';

/** GET /api/user/loans/{id}: one loan with collateral, schedule, invoices, LTV and history. */
export const fetchMyLoan = (id: string, signal?: AbortSignal) => apiGet<{ loan: LoanDetail }>(loanKeys.detail(id), signal).then((r) => r.loan);
export const myLoanQuery = (id: string) => queryOptions({ queryKey: loanKeys.detail(id), queryFn: ({ signal }) => fetchMyLoan(id, signal) });
export const useMyLoan = (id: string) => useQuery(myLoanQuery(id));
