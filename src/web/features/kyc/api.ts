import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminKycResponse, KycDocument, KycDocumentStatus, KycDocumentType, KycStatusResponse, ReviewKycInput } from '#common/kyc.ts';
import { apiRequest } from '#web/lib/api.ts';

/** Spec §7's KYC query keys, refreshed by kyc_document_updated and kyc_status_updated. */
export const USER_KYC_DOCUMENTS_KEY = '/api/user/kyc/documents';
export const USER_KYC_STATUS_KEY = '/api/user/kyc/status';
export const ADMIN_KYC_DOCUMENTS_KEY = '/api/admin/kyc/documents';

export function useMyKycDocuments() {
  return useQuery<{ documents: KycDocument[] }>({ queryKey: [USER_KYC_DOCUMENTS_KEY], staleTime: 15_000 });
}

export function useMyKycStatus() {
  return useQuery<KycStatusResponse>({ queryKey: [USER_KYC_STATUS_KEY], staleTime: 15_000 });
}

/** POST /api/user/kyc/documents (multipart: type, file). */
export function useUploadKycDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, file }: { type: KycDocumentType; file: File }) => {
      const form = new FormData();
      form.append('type', type);
      form.append('file', file);
      return apiRequest<{ status: 'success'; document: KycDocument }>('POST', USER_KYC_DOCUMENTS_KEY, { body: form });
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [USER_KYC_DOCUMENTS_KEY] }),
        qc.invalidateQueries({ queryKey: [USER_KYC_STATUS_KEY] }),
        qc.invalidateQueries({ queryKey: ['/api/onboarding/status'] }),
      ]),
  });
}

export const kycFileUrl = (id: string, inline = false) => `/api/kyc/documents/${encodeURIComponent(id)}/file${inline ? '?inline=1' : ''}`;

export function useAdminKycDocuments(status: KycDocumentStatus | undefined) {
  return useQuery<AdminKycResponse>({ queryKey: [ADMIN_KYC_DOCUMENTS_KEY, { status }], staleTime: 15_000 });
}

export function useReviewKycDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, review }: { id: string; review: ReviewKycInput }) =>
      apiRequest<{ status: 'success'; document: KycDocument }>('PATCH', `${ADMIN_KYC_DOCUMENTS_KEY}/${encodeURIComponent(id)}`, { body: review }),
    onSettled: () => qc.invalidateQueries({ queryKey: [ADMIN_KYC_DOCUMENTS_KEY] }),
  });
}
