import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutSession } from '#common/money.ts';
import { apiRequest } from '#web/lib/api.ts';
import { paymentKeys, paymentPaths } from './keys.ts';

/** POST /api/payment-test/{id}/complete or /decline: the test provider's stand-in for the bank. */
export const settleTestPayment = ({ sessionId, outcome }: { sessionId: string; outcome: 'complete' | 'decline' }) =>
  apiRequest<CheckoutSession>('POST', outcome === 'complete' ? paymentPaths.testComplete(sessionId) : paymentPaths.testDecline(sessionId));

export function useSettleTestPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: settleTestPayment,
    onSuccess: (session) => {
      qc.setQueryData(paymentKeys.session(session.sessionId), session);
      return Promise.all([qc.invalidateQueries({ queryKey: paymentKeys.invoices }), qc.invalidateQueries({ queryKey: paymentKeys.subscription })]);
    },
  });
}
