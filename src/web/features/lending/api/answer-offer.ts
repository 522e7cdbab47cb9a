import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoanDetail } from '#common/lending.ts';
import { apiRequest } from '#web/lib/api.ts';
import { loanKeys, loanPaths } from './keys.ts';

export type OfferAnswer = 'accept' | 'decline';

/** POST /api/loans/{id}/accept-offer | decline-offer. Accepting pledges the cards for pickup. */
export const answerOffer = ({ id, answer }: { id: string; answer: OfferAnswer }) =>
  apiRequest<{ loan: LoanDetail }>('POST', answer === 'accept' ? loanPaths.accept(id) : loanPaths.decline(id), { body: {} }).then((r) => r.loan);

/**
 * What to tell the member once the answer is in. Given to the hook, not to mutate(): the refetch
 * moves the loan out of its offer, which removes the buttons that answered, and mutate()'s own
 * callbacks never run for a component that is gone.
 */
export type OfferAnswerCallbacks = { onSuccess?: (answer: OfferAnswer) => void; onError?: (err: unknown) => void };

export function useAnswerOffer(after?: OfferAnswerCallbacks) {
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
