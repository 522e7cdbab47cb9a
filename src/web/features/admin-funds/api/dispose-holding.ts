import { useMutation } from '@tanstack/react-query';
import type { DisposeHoldingInput } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateAdminFunds } from './invalidate.ts';
import { adminFundPaths } from './keys.ts';

/** POST …/holdings/{holdingId}/dispose: sells the card out of the fund; the proceeds go to its cash. */
export const disposeHolding = ({ id, holdingId, input }: { id: string; holdingId: string; input: DisposeHoldingInput }) =>
  apiRequest<unknown>('POST', adminFundPaths.dispose(id, holdingId), { body: input });

export function useDisposeHolding() {
  const invalidate = useInvalidateAdminFunds();
  return useMutation({ mutationFn: disposeHolding, onSuccess: invalidate });
}
