import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertClaim, CreateCertClaimFields } from '#common/cert-claims.ts';
import { uploadWithProgress } from '#web/lib/upload.ts';
import { certClaimApiPaths, certClaimKeys } from './keys.ts';

export interface CreateClaimInput extends CreateCertClaimFields {
  front: File;
  back: File;
  onProgress?: (fraction: number) => void;
}

/** POST /api/cert-claims (multipart: grader, certNumber, message, front, back), reporting progress from 0 to 1. */
export function createClaim({ front, back, onProgress, ...fields }: CreateClaimInput) {
  const form = new FormData();
  form.append('grader', fields.grader);
  form.append('certNumber', fields.certNumber);
  if (fields.message) form.append('message', fields.message);
  form.append('front', front);
  form.append('back', back);
  return uploadWithProgress<{ claim: CertClaim }>(certClaimApiPaths.create, form, onProgress);
}

export function useCreateClaim() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createClaim, onSuccess: () => qc.invalidateQueries({ queryKey: certClaimKeys.mine }) });
}
