import { useMutation } from '@tanstack/react-query';
import type { MarkHoldingInput } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateAdminFunds } from './invalidate.ts';
import { adminFundPaths } from './keys.ts';

/** POST …/holdings/{holdingId}/marks: a manual mark for a card the index does not follow. */
export const markHolding = ({ id, holdingId, input }: { id: string; holdingId: string; input: MarkHoldingInput }) =>
  apiRequest<unknown>('POST', adminFundPaths.marks(id, holdingId), { body: input });

export function useMarkHolding() {
  const invalidate = useInvalidateAdminFunds();
  return useMutation({ mutationFn: markHolding, onSuccess: invalidate });
}
