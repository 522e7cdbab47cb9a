import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';
import type { Invoice, InvoiceResponse, PatchInvoiceInput } from '#common/money.ts';

/** PATCH /api/admin/invoices/{id}: save the draft's lines, due date and notes, then optionally send it; or void it with a reason. */
export const updateInvoice = ({ id, patch }: { id: string; patch: PatchInvoiceInput }) =>
  apiRequest<InvoiceResponse>('PATCH', adminInvoicePaths.invoice(id), { body: patch }).then((r) => r.invoice);

type UpdateVars = Parameters<typeof updateInvoice>[0];

/**
 * What to tell the admin once the change is in. Given to the hook, not to mutate(): the stored
 * invoice replaces the editor that saved it (it is keyed by update time, and a sent invoice is no
 * longer edited), and mutate()'s own callbacks never run for a component that is gone.
 */
export type InvoiceUpdateCallbacks = {
  onSuccess?: (invoice: Invoice, vars: UpdateVars) => void;
  onError?: (err: Error, vars: UpdateVars) => void;
  onSettled?: () => void;
};

export function useUpdateInvoice(after?: InvoiceUpdateCallbacks) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateInvoice,
    onSuccess: async (invoice, vars) => {
      qc.setQueryData(adminInvoiceKeys.detail(invoice.id), invoice);
      await qc.invalidateQueries({ queryKey: adminInvoiceKeys.all });
      after?.onSuccess?.(invoice, vars);
    },
    onError: (err, vars) => after?.onError?.(err, vars),
    onSettled: () => after?.onSettled?.(),
  });
}
