import { useMutation } from '@tanstack/react-query';
import type { CheckoutResponse } from '#common/money.ts';
import { apiRequest } from '#web/lib/api.ts';
import { paymentPaths } from './keys.ts';

/** POST /api/checkout { invoiceId } → the provider's page to pay on (409 when paid or void). */
export const startCheckout = (invoiceId: string) => apiRequest<CheckoutResponse>('POST', paymentPaths.checkout, { body: { invoiceId } });

export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });
