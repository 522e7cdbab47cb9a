import { useMutation } from '@tanstack/react-query';
import type { CheckoutResponse } from '#common/money.ts';
import { apiRequest } from '#web/lib/api.ts';
import { paymentPaths } from './keys.ts';

/** POST /api/subscribe { planId } → the provider's page to pay the first month on. */
export const subscribe = (planId: string) => apiRequest<CheckoutResponse>('POST', paymentPaths.subscribe, { body: { planId } });

export const useSubscribe = () => useMutation({ mutationFn: subscribe });
