import { useMutation } from '@tanstack/react-query';
import type { RunValuationInput, ValuationPreview } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateAdminFunds } from './invalidate.ts';
import { adminFundPaths } from './keys.ts';

/** POST /api/admin/funds/{id}/valuations: values the fund on a date and deals every pending transaction at its price. */
export const runValuation = ({ id, input }: { id: string; input: RunValuationInput }) =>
  apiRequest<ValuationPreview & { id: string }>('POST', adminFundPaths.valuations(id), { body: input });

export function useRunValuation() {
  const invalidate = useInvalidateAdminFunds();
  return useMutation({ mutationFn: runValuation, onSuccess: invalidate });
}
