import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromotionRequest, PromotionRequestsResponse, PromotionStatus } from '#common/marketplace.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { adminMarketApi, adminMarketKeys } from './keys.ts';

/** GET /api/admin/promotion-requests?status=. */
export const fetchAdminPromotions = (status: PromotionStatus | undefined, signal?: AbortSignal) =>
  apiGet<PromotionRequestsResponse>(adminMarketKeys.promotionList(status), signal);
export const adminPromotionsQuery = (status: PromotionStatus | undefined) =>
  queryOptions({ queryKey: adminMarketKeys.promotionList(status), queryFn: ({ signal }) => fetchAdminPromotions(status, signal) });
export const useAdminPromotions = (status: PromotionStatus | undefined) => useQuery(adminPromotionsQuery(status));

/** PATCH /api/admin/promotion-requests/{id} { action: approve | decline, note }. */
export const reviewPromotion = ({ id, action, note }: { id: string; action: 'approve' | 'decline'; note: string | null }) =>
  apiRequest<PromotionRequest>('PATCH', adminMarketApi.promotion(id), { body: { action, note } });

export function useReviewPromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewPromotion,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminMarketKeys.promotions }), qc.invalidateQueries({ queryKey: adminMarketKeys.listings })]),
  });
}
