import { useMutation } from '@tanstack/react-query';
import type { AddHoldingInput } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateAdminFunds } from './invalidate.ts';
import { adminFundPaths } from './keys.ts';

/** POST /api/admin/funds/{id}/holdings: a vaulted card into the fund, its cost from the fund's cash. */
export const addHolding = ({ id, input }: { id: string; input: AddHoldingInput }) =>
  apiRequest<unknown>('POST', adminFundPaths.holdings(id), { body: input });

export function useAddHolding() {
  const invalidate = useInvalidateAdminFunds();
  return useMutation({ mutationFn: addHolding, onSuccess: invalidate });
}
