import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserSubscriptionResponse } from '#common/money.ts';
import { apiRequest } from '#web/lib/api.ts';
import { paymentKeys, paymentPaths } from './keys.ts';

/** POST /api/user/subscription/cancel. */
export const cancelSubscription = () => apiRequest<UserSubscriptionResponse>('POST', paymentPaths.cancelSubscription);

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: (r) => qc.setQueryData(paymentKeys.subscription, r) });
}
