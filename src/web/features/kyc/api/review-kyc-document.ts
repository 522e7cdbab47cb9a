import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycDocument, ReviewKycInput } from '#common/kyc.ts';
import { apiRequest } from '#web/lib/api.ts';
import type { AfterMutation } from '#web/lib/after-mutation.ts';
import { kycKeys } from './keys.ts';

/** PATCH /api/admin/kyc/documents/{id} */
export const reviewKycDocument = ({ id, review }: { id: string; review: ReviewKycInput }) =>
  apiRequest<{ status: 'success'; document: KycDocument }>('PATCH', `/api/admin/kyc/documents/${encodeURIComponent(id)}`, { body: review });

// A reviewed document leaves the queue (on the refetch, or sooner on the live update), taking the
// card that reviewed it (AfterMutation).
export function useReviewKycDocument(after?: AfterMutation) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewKycDocument,
    onSettled: async (_res, err) => {
      await qc.invalidateQueries({ queryKey: kycKeys.adminDocuments });
      if (err) after?.onError?.(err);
      else after?.onSuccess?.();
    },
  });
}
