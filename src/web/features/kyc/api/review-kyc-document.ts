import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycDocument, ReviewKycInput } from '#common/kyc.ts';
import { apiRequest } from '#web/lib/api.ts';
import { kycKeys } from './keys.ts';

/** PATCH /api/admin/kyc/documents/{id} */
export const reviewKycDocument = ({ id, review }: { id: string; review: ReviewKycInput }) =>
  apiRequest<{ status: 'success'; document: KycDocument }>('PATCH', `/api/admin/kyc/documents/${encodeURIComponent(id)}`, { body: review });

export function useReviewKycDocument() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: reviewKycDocument, onSettled: () => qc.invalidateQueries({ queryKey: kycKeys.adminDocuments }) });
}
