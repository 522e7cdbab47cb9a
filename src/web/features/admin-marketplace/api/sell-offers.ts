import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSellPatchInput, SellOffer, SellOfferStatus, SellOffersResponse } from '#common/marketplace.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { adminMarketApi, adminMarketKeys } from './keys.ts';

/** GET /api/admin/sells?status=: members' offers to the house. */
export const fetchAdminSellOffers = (status: SellOfferStatus | undefined, signal?: AbortSignal) =>
  apiGet<SellOffersResponse>(adminMarketKeys.sellList(status), signal);
export const adminSellOffersQuery = (status: SellOfferStatus | undefined) =>
  queryOptions({ queryKey: adminMarketKeys.sellList(status), queryFn: ({ signal }) => fetchAdminSellOffers(status, signal) });
export const useAdminSellOffers = (status: SellOfferStatus | undefined) => useQuery(adminSellOffersQuery(status));

/** PATCH /api/admin/sells/{id}: accept, reject or counter (with a price). */
export const reviewSellOffer = ({ id, ...body }: AdminSellPatchInput & { id: string }) =>
  apiRequest<SellOffer>('PATCH', adminMarketApi.sell(id), { body });

export function useReviewSellOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewSellOffer,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminMarketKeys.sells }), qc.invalidateQueries({ queryKey: adminMarketKeys.sales })]),
  });
}
