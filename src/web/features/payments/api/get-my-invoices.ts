import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInvoicesResponse } from '#common/money.ts';
import { apiRequest } from '#web/lib/api.ts';
import { paymentKeys, paymentPaths } from './keys.ts';

/** GET /api/user/invoices: the member's own invoices, open ones first (drafts never). */
export const fetchMyInvoices = (signal?: AbortSignal) => apiRequest<UserInvoicesResponse>('GET', paymentPaths.invoices, { signal });

export const myInvoicesQuery = () =>
  queryOptions({ queryKey: paymentKeys.invoices, queryFn: ({ signal }) => fetchMyInvoices(signal), staleTime: 15_000 });

export const useMyInvoices = () => useQuery(myInvoicesQuery());
