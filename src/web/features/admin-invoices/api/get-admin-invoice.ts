import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';
import type { InvoiceResponse } from '#common/money.ts';

/** GET /api/admin/invoices/{id}. */
export const fetchAdminInvoice = (id: string, signal?: AbortSignal) =>
  apiRequest<InvoiceResponse>('GET', adminInvoicePaths.invoice(id), { signal }).then((r) => r.invoice);

export const adminInvoiceQuery = (id: string) =>
  queryOptions({ queryKey: adminInvoiceKeys.detail(id), queryFn: ({ signal }) => fetchAdminInvoice(id, signal) });

export const useAdminInvoice = (id: string) => useQuery(adminInvoiceQuery(id));
