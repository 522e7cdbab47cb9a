import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCertClaim, DecideCertClaimInput } from '#common/cert-claims.ts';
import { apiRequest } from '#web/lib/api.ts';
import { certClaimApiPaths, certClaimKeys } from './keys.ts';

/** PATCH /api/admin/cert-claims/{id}: approve, or reject with a reason. */
export const decideClaim = ({ id, decision }: { id: string; decision: DecideCertClaimInput }) =>
  apiRequest<{ claim: AdminCertClaim }>('PATCH', certClaimApiPaths.decide(id), { body: decision });

export function useDecideClaim() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: decideClaim, onSettled: () => qc.invalidateQueries({ queryKey: certClaimKeys.admin }) });
}
