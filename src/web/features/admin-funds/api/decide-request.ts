import { useMutation } from '@tanstack/react-query';
import type { DecideRequestInput, FundRequest } from '#common/funds.ts';
import { apiRequest } from '#web/lib/api.ts';
import { useInvalidateAdminFunds } from './invalidate.ts';
import { adminFundPaths } from './keys.ts';

/** POST …/requests/{requestId}/decision: accept (a pending transaction is created) or decline a member's request. */
export const decideRequest = ({ id, requestId, input }: { id: string; requestId: string; input: DecideRequestInput }) =>
  apiRequest<FundRequest>('POST', adminFundPaths.decideRequest(id, requestId), { body: input });

export function useDecideRequest() {
  const invalidate = useInvalidateAdminFunds();
  return useMutation({ mutationFn: decideRequest, onSuccess: invalidate });
}
