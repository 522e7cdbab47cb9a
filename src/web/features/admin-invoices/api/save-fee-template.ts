import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { adminInvoiceKeys, adminInvoicePaths } from './keys.ts';
import type { CreateFeeTemplateInput, FeeTemplate } from '#common/money.ts';

/** POST /api/admin/fee-templates, or PATCH /api/admin/fee-templates/{id} when editing. */
export const saveFeeTemplate = ({ id, input }: { id?: string; input: CreateFeeTemplateInput }) =>
  id
    ? apiRequest<FeeTemplate>('PATCH', adminInvoicePaths.template(id), { body: input })
    : apiRequest<FeeTemplate>('POST', adminInvoicePaths.templates, { body: input });

export function useSaveFeeTemplate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveFeeTemplate, onSuccess: () => qc.invalidateQueries({ queryKey: adminInvoiceKeys.templates }) });
}
