import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SubscriptionRequestInput, fundRequestCreatedSchema } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateFunds } from './invalidate.ts';
import { fundPaths } from './keys.ts';

export type FundRequestCreated = z.infer<typeof fundRequestCreatedSchema>;

/** POST /api/funds/{id}/subscription-requests: asks to invest an amount, dealt at the next valuation once approved. */
export const requestSubscription = ({ fundId, input }: { fundId: string; input: SubscriptionRequestInput }) =>
  apiRequest<FundRequestCreated>('POST', fundPaths.subscriptionRequests(fundId), { body: input });

export function useRequestSubscription() {
  const invalidate = useInvalidateFunds();
  return useMutation({ mutationFn: requestSubscription, onSuccess: invalidate });
}
