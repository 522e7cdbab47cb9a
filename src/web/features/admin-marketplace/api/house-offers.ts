import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminListingOffersResponse, ListingOffer, ListingOfferStatus } from '#common/listing-offers.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { adminMarketApi, adminMarketKeys } from './keys.ts';

/** GET /api/admin/offers?status=: offers on house listings. */
export const fetchHouseOffers = (status: ListingOfferStatus | undefined, signal?: AbortSignal) =>
  apiGet<AdminListingOffersResponse>(adminMarketKeys.offerList(status), signal);
export const houseOffersQuery = (status: ListingOfferStatus | undefined) =>
  queryOptions({ queryKey: adminMarketKeys.offerList(status), queryFn: ({ signal }) => fetchHouseOffers(status, signal) });
export const useHouseOffers = (status: ListingOfferStatus | undefined) => useQuery(houseOffersQuery(status));

// The card shows the house only accept, decline and counter; the type is the card's.
export type HouseOfferAnswer = { id: string; action: 'accept' | 'decline' | 'withdraw' } | { id: string; action: 'counter'; amountCents: number };

/** POST /api/offers/{id}/accept | decline | counter, answering for the house. */
export const answerHouseOffer = (a: HouseOfferAnswer) =>
  apiRequest<ListingOffer>(
    'POST',
    adminMarketApi.offerAction(a.id, a.action),
    a.action === 'counter' ? { body: { amountCents: a.amountCents } } : {},
  );

export function useAnswerHouseOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerHouseOffer,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminMarketKeys.offers }), qc.invalidateQueries({ queryKey: adminMarketKeys.listings })]),
  });
}
