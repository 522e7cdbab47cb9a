import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewAccessRequestInput, ReviewAccessRequestResponse } from '#common/access-request.ts';
import { apiRequest } from '#web/lib/api.ts';
import { accessRequestKeys } from './keys.ts';

export interface ReviewAccessRequestVars {
  id: string;
  review: ReviewAccessRequestInput;
}

/** PATCH /api/admin/access-requests/{id} */
export const reviewAccessRequest = ({ id, review }: ReviewAccessRequestVars) =>
  apiRequest<ReviewAccessRequestResponse>('PATCH', `/api/admin/access-requests/${encodeURIComponent(id)}`, { body: review });

/** Every cached page of the list and the recent list are refreshed; the admin dashboard refetches whenever it is shown. */
export function useReviewAccessRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewAccessRequest,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: accessRequestKeys.all }), qc.invalidateQueries({ queryKey: accessRequestKeys.recent })]),
  });
}
