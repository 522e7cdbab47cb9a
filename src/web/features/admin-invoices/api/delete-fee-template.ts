import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';

/** DELETE /api/admin/fee-templates/{id}. */
export const deleteFeeTemplate = (id: string) => apiRequest<null>('DELETE', adminInvoicePaths.template(id));

export function useDeleteFeeTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteFeeTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: adminInvoiceKeys.templates }) });
}
