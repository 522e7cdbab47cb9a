import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceResponse } from '#common/money.ts';
import { apiRequest } from '#web/lib/api.ts';
import { paymentKeys, paymentPaths } from './keys.ts';

/** GET /api/user/invoices/{id}: one of the member's own invoices (404 for anyone else's). */
export const fetchMyInvoice = (id: string, signal?: AbortSignal) =>
  apiRequest<InvoiceResponse>('GET', paymentPaths.invoice(id), { signal }).then((r) => r.invoice);

export const myInvoiceQuery = (id: string) =>
  queryOptions({ queryKey: paymentKeys.invoice(id), queryFn: ({ signal }) => fetchMyInvoice(id, signal) });

export const useMyInvoice = (id: string) => useQuery({ ...myInvoiceQuery(id), enabled: !!id });
