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

/**
 * What to tell the admin once the refund is in. Given to the hook, not to mutate(): a refund that
 * leaves the invoice no longer paid removes the refunds panel that asked for it, and mutate()'s own
 * callbacks never run for a component that is gone.
 */
export type RefundCallbacks = { onSuccess?: (refund: Refund) => void; onError?: (err: Error) => void };

export function useRefundInvoice(after?: RefundCallbacks) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: refundInvoice,
    onSuccess: async ({ invoice, refund }) => {
      qc.setQueryData(adminInvoiceKeys.detail(invoice.id), invoice);
      await qc.invalidateQueries({ queryKey: adminInvoiceKeys.all });
      after?.onSuccess?.(refund);
    },
    onError: (err) => after?.onError?.(err),
  });
}
