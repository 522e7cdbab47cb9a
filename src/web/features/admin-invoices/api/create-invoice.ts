import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';
import type { CreateInvoiceInput, InvoiceResponse } from '#common/money.ts';

/** POST /api/admin/invoices: a draft for a member, from lines or a template on a base amount. */
export const createInvoice = (input: CreateInvoiceInput) =>
  apiRequest<InvoiceResponse>('POST', adminInvoicePaths.invoices, { body: input }).then((r) => r.invoice);

export function useCreateInvoice() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createInvoice, onSuccess: () => qc.invalidateQueries({ queryKey: adminInvoiceKeys.all }) });
}
