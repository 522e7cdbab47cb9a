import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LendingPolicyResponse, PatchLendingPolicy } from '#common/lending.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminLoanKeys, adminLoanPaths } from './keys.ts';

/** PATCH /api/admin/settings/lending: any subset; the merged policy is checked. */
export const saveLendingPolicy = (patch: PatchLendingPolicy) => apiRequest<LendingPolicyResponse>('PATCH', adminLoanPaths.policy, { body: patch });

export function useSaveLendingPolicy() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveLendingPolicy, onSuccess: (data) => qc.setQueryData(adminLoanKeys.policy, data) });
}
