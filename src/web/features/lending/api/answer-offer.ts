import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoanDetail } from '#common/lending.ts';
import { apiRequest } from '#web/lib/api.ts';
import type { AfterMutation } from '#web/lib/after-mutation.ts';
import { loanKeys, loanPaths } from './keys.ts';

export type OfferAnswer = 'accept' | 'decline';

/** POST /api/loans/{id}/accept-offer | decline-offer. Accepting pledges the cards for pickup. */
export const answerOffer = ({ id, answer }: { id: string; answer: OfferAnswer }) =>
  apiRequest<{ loan: LoanDetail }>('POST', answer === 'accept' ? loanPaths.accept(id) : loanPaths.decline(id), { body: {} }).then((r) => r.loan);

// The refetch moves the loan out of its offer, which removes the buttons that answered (AfterMutation).
export function useAnswerOffer(after?: AfterMutation<OfferAnswer>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerOffer,
    onSuccess: async (_loan, { answer }) => {
      await Promise.all([qc.invalidateQueries({ queryKey: loanKeys.mine }), qc.invalidateQueries({ queryKey: loanKeys.myCards })]);
      after?.onSuccess?.(answer);
    },
    onError: (err) => after?.onError?.(err),
  });
}
