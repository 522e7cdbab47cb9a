import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLoanDetail, AdminLoanPatch } from '#common/lending.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminLoanKeys, adminLoanPaths } from './keys.ts';

/** PATCH /api/admin/loans/{id}: offer, reject, fund, mark paid or defaulted. */
export const updateLoan = ({ id, patch }: { id: string; patch: AdminLoanPatch }) =>
  apiRequest<{ loan: AdminLoanDetail }>('PATCH', adminLoanPaths.loan(id), { body: patch }).then((r) => r.loan);

export function useUpdateLoan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateLoan, onSuccess: () => qc.invalidateQueries({ queryKey: adminLoanKeys.all }) });
}
