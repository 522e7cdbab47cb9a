import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';
import type { InvoiceResponse, PatchInvoiceInput } from '#common/money.ts';

/** PATCH /api/admin/invoices/{id}: save the draft's lines, due date and notes, then optionally send it; or void it with a reason. */
export const updateInvoice = ({ id, patch }: { id: string; patch: PatchInvoiceInput }) =>
  apiRequest<InvoiceResponse>('PATCH', adminInvoicePaths.invoice(id), { body: patch }).then((r) => r.invoice);

export function useUpdateInvoice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateInvoice,
    onSuccess: (invoice) => {
      qc.setQueryData(adminInvoiceKeys.detail(invoice.id), invoice);
      return qc.invalidateQueries({ queryKey: adminInvoiceKeys.all });
    },
  });
}
