import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoanDetail } from '#common/lending.ts';
import { apiRequest } from '#web/lib/api.ts';
import { loanKeys, loanPaths } from './keys.ts';

export type OfferAnswer = 'accept' | 'decline';

/** POST /api/loans/{id}/accept-offer | decline-offer. Accepting pledges the cards for pickup. */
export const answerOffer = ({ id, answer }: { id: string; answer: OfferAnswer }) =>
  apiRequest<{ loan: LoanDetail }>('POST', answer === 'accept' ? loanPaths.accept(id) : loanPaths.decline(id), { body: {} }).then((r) => r.loan);

export function useAnswerOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerOffer,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: loanKeys.mine }), qc.invalidateQueries({ queryKey: loanKeys.myCards })]),
  });
}
