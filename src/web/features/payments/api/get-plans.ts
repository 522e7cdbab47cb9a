import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionPlansResponse } from '#common/money.ts';
import { apiRequest } from '#web/lib/api.ts';
import { paymentKeys, paymentPaths } from './keys.ts';

/** GET /api/subscription-plans: the membership plans on offer. */
export const fetchPlans = (signal?: AbortSignal) => apiRequest<SubscriptionPlansResponse>('GET', paymentPaths.plans, { signal });

export const plansQuery = () => queryOptions({ queryKey: paymentKeys.plans, queryFn: ({ signal }) => fetchPlans(signal), staleTime: 60_000 });

export const usePlans = () => useQuery(plansQuery());
