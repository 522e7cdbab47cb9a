import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycDocument, KycDocumentType } from '#common/kyc.ts';
import { apiRequest } from '#web/lib/api.ts';
import { kycKeys } from './keys.ts';

/** POST /api/user/kyc/documents (multipart: type, file). */
export function uploadKycDocument({ type, file }: { type: KycDocumentType; file: File }) {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file);
  return apiRequest<{ status: 'success'; document: KycDocument }>('POST', '/api/user/kyc/documents', { body: form });
}

/** `onSettled` lets a screen that embeds the uploads (onboarding, composed in app/) refresh its own reads. */
export function useUploadKycDocument({ onSettled }: { onSettled?: () => unknown } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadKycDocument,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: kycKeys.myDocuments }), qc.invalidateQueries({ queryKey: kycKeys.myStatus }), onSettled?.()]),
  });
}
