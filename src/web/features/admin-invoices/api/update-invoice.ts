import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import type { AfterMutation } from '#web/lib/after-mutation.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';
import type { Invoice, InvoiceResponse, PatchInvoiceInput } from '#common/money.ts';

/** PATCH /api/admin/invoices/{id}: save the draft's lines, due date and notes, then optionally send it; or void it with a reason. */
export const updateInvoice = ({ id, patch }: { id: string; patch: PatchInvoiceInput }) =>
  apiRequest<InvoiceResponse>('PATCH', adminInvoicePaths.invoice(id), { body: patch }).then((r) => r.invoice);

type UpdateVars = Parameters<typeof updateInvoice>[0];

// The stored invoice replaces the editor that saved it (keyed by update time; a sent invoice is no
// longer edited), so what to tell the admin comes through the hook (AfterMutation).
export function useUpdateInvoice(after?: AfterMutation<Invoice, UpdateVars>) {
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
