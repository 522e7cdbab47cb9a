import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type QueryParams } from '#web/lib/api.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';
import type { AdminInvoicesQuery, AdminInvoicesResponse } from '#common/money.ts';

/** GET /api/admin/invoices?status=&overdue=&userId=&q=&page= with the outstanding and paid-this-month totals. */
export const fetchAdminInvoices = (params: AdminInvoicesQuery, signal?: AbortSignal) =>
  apiRequest<AdminInvoicesResponse>('GET', adminInvoicePaths.invoices, { params: params as QueryParams, signal });

export const adminInvoicesQuery = (params: AdminInvoicesQuery) =>
  queryOptions({
    queryKey: adminInvoiceKeys.list(params),
    queryFn: ({ signal }) => fetchAdminInvoices(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useAdminInvoices = (params: AdminInvoicesQuery) => useQuery(adminInvoicesQuery(params));
