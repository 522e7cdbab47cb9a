import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoffResponse } from '#common/lending.ts';
import { apiRequest } from '#web/lib/api.ts';
import { loanKeys, loanPaths } from './keys.ts';

/** POST /api/loans/{id}/payoff: an invoice for settling in full today, paid at /checkout. */
export const requestPayoff = (id: string) => apiRequest<PayoffResponse>('POST', loanPaths.payoff(id), { body: {} });

export function useRequestPayoff() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: requestPayoff, onSuccess: () => qc.invalidateQueries({ queryKey: loanKeys.mine }) });
}
