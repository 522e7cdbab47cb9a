import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserLoansResponse } from '#common/lending.ts';
import { apiGet } from '#web/lib/api.ts';
import { loanKeys } from './keys.ts';

/** GET /api/user/loans: the member's loans, newest first, with the published terms. */
export const fetchMyLoans = (signal?: AbortSignal) => apiGet<UserLoansResponse>(loanKeys.mine, signal);
export const myLoansQuery = () => queryOptions({ queryKey: loanKeys.mine, queryFn: ({ signal }) => fetchMyLoans(signal) });
export const useMyLoans = () => useQuery(myLoansQuery());
