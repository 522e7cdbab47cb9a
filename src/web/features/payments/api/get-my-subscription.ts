import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSubscriptionResponse } from '#common/money.ts';
import { apiRequest } from '#web/lib/api.ts';
import { paymentKeys, paymentPaths } from './keys.ts';

/** GET /api/user/subscription: the member's membership, or null. */
export const fetchMySubscription = (signal?: AbortSignal) => apiRequest<UserSubscriptionResponse>('GET', paymentPaths.subscription, { signal });

export const mySubscriptionQuery = () => queryOptions({ queryKey: paymentKeys.subscription, queryFn: ({ signal }) => fetchMySubscription(signal) });

export const useMySubscription = () => useQuery(mySubscriptionQuery());
