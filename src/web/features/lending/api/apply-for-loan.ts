import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyLoanInput, LoanDetail } from '#common/lending.ts';
import { apiRequest } from '#web/lib/api.ts';
import { loanKeys, loanPaths } from './keys.ts';

/** POST /api/loans → 201 with the submitted loan; the chosen cards are not pledged until the offer is accepted. */
export const applyForLoan = (input: ApplyLoanInput) => apiRequest<{ loan: LoanDetail }>('POST', loanPaths.apply, { body: input }).then((r) => r.loan);

export function useApplyForLoan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: applyForLoan,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: loanKeys.mine }), qc.invalidateQueries({ queryKey: loanKeys.myCards })]),
  });
}
