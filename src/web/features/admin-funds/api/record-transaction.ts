import { useMutation } from '@tanstack/react-query';
import type { FundTransaction, RecordTransactionInput } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateAdminFunds } from './invalidate.ts';
import { adminFundPaths } from './keys.ts';

/** POST /api/admin/funds/{id}/transactions: a subscription or redemption for a member, dealt at the next valuation. */
export const recordTransaction = ({ id, input }: { id: string; input: RecordTransactionInput }) =>
  apiRequest<FundTransaction>('POST', adminFundPaths.transactions(id), { body: input });

export function useRecordTransaction() {
  const invalidate = useInvalidateAdminFunds();
  return useMutation({ mutationFn: recordTransaction, onSuccess: invalidate });
}
