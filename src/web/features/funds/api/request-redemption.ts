import { useMutation } from '@tanstack/react-query';
import type { RedemptionRequestInput } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateFunds } from './invalidate.ts';
import { fundPaths } from './keys.ts';
import type { FundRequestCreated } from './request-subscription.ts';

/** POST /api/funds/{id}/redemption-requests: asks to redeem units (or the whole position) at the next valuation. */
export const requestRedemption = ({ fundId, input }: { fundId: string; input: RedemptionRequestInput }) =>
  apiRequest<FundRequestCreated>('POST', fundPaths.redemptionRequests(fundId), { body: input });

export function useRequestRedemption() {
  const invalidate = useInvalidateFunds();
  return useMutation({ mutationFn: requestRedemption, onSuccess: invalidate });
}
