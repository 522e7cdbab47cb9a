import { useMutation } from '@tanstack/react-query';
import type { FundTransaction } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateAdminFunds } from './invalidate.ts';
import { adminFundPaths } from './keys.ts';

/** POST …/transactions/{transactionId}/cancel: withdraws a transaction still awaiting the next valuation. */
export const cancelTransaction = ({ id, transactionId }: { id: string; transactionId: string }) =>
  apiRequest<FundTransaction>('POST', adminFundPaths.cancelTransaction(id, transactionId));

export function useCancelTransaction() {
  const invalidate = useInvalidateAdminFunds();
  return useMutation({ mutationFn: cancelTransaction, onSuccess: invalidate });
}
