import { useMutation } from '@tanstack/react-query';
import type { AdminFundDetail, PatchFundInput } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateAdminFunds } from './invalidate.ts';
import { adminFundPaths } from './keys.ts';

/** PATCH /api/admin/funds/{id}: the fund's facts (cash and units change only by transactions). */
export const updateFund = ({ id, input }: { id: string; input: PatchFundInput }) =>
  apiRequest<AdminFundDetail>('PATCH', adminFundPaths.fund(id), { body: input });

export function useUpdateFund() {
  const invalidate = useInvalidateAdminFunds();
  return useMutation({ mutationFn: updateFund, onSuccess: invalidate });
}
