import { useMutation } from '@tanstack/react-query';
import type { AdminFundDetail, CreateFundInput } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateAdminFunds } from './invalidate.ts';
import { adminFundPaths } from './keys.ts';

/** POST /api/admin/funds: a new fund, open or closed. */
export const createFund = (input: CreateFundInput) => apiRequest<AdminFundDetail>('POST', adminFundPaths.funds, { body: input });

export function useCreateFund() {
  const invalidate = useInvalidateAdminFunds();
  return useMutation({ mutationFn: createFund, onSuccess: invalidate });
}
