import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateRefundValues, Invoice, Refund } from '#common/money.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';

/** GET /api/admin/invoices/{id}/refunds: newest first. */
export const fetchInvoiceRefunds = (id: string, signal?: AbortSignal) =>
  apiRequest<{ refunds: Refund[] }>('GET', adminInvoicePaths.refunds(id), { signal }).then((r) => r.refunds);
export const invoiceRefundsQuery = (id: string) =>
  queryOptions({ queryKey: adminInvoiceKeys.refunds(id), queryFn: ({ signal }) => fetchInvoiceRefunds(id, signal) });
export const useInvoiceRefunds = (id: string) => useQuery(invoiceRefundsQuery(id));

/** POST /api/admin/invoices/{id}/refunds; the key makes a retried click one refund. */
export const refundInvoice = ({ id, body, idempotencyKey }: { id: string; body: CreateRefundValues; idempotencyKey: string }) =>
  apiRequest<{ refund: Refund; invoice: Invoice }>('POST', adminInvoicePaths.refunds(id), { body, headers: { 'Idempotency-Key': idempotencyKey } });

export function useRefundInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: refundInvoice,
    onSuccess: ({ invoice }) => {
      qc.setQueryData(adminInvoiceKeys.detail(invoice.id), invoice);
      return qc.invalidateQueries({ queryKey: adminInvoiceKeys.all });
    },
  });
}
