import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLoanDetail } from '#common/lending.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminLoanKeys, adminLoanPaths } from './keys.ts';

/** POST /api/admin/loans/{id}/take-collateral: after default and its notice, the cards become house inventory. */
export const takeCollateral = (id: string) =>
  apiRequest<{ loan: AdminLoanDetail }>('POST', adminLoanPaths.takeCollateral(id), { body: {} }).then((r) => r.loan);

export function useTakeCollateral() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: takeCollateral, onSuccess: () => qc.invalidateQueries({ queryKey: adminLoanKeys.all }) });
}
