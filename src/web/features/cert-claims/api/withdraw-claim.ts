import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertClaim } from '#common/cert-claims.ts';
import { apiRequest } from '#web/lib/api.ts';
import { certClaimApiPaths, certClaimKeys } from './keys.ts';

/** POST /api/cert-claims/{id}/withdraw */
export const withdrawClaim = (id: string) => apiRequest<{ claim: CertClaim }>('POST', certClaimApiPaths.withdraw(id));

export function useWithdrawClaim() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: withdrawClaim, onSettled: () => qc.invalidateQueries({ queryKey: certClaimKeys.mine }) });
}
