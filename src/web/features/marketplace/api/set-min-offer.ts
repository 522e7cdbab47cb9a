import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingOffersResponse } from '#common/listing-offers.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** PATCH /api/listings/{id}/min-offer: the seller's lowest acceptable offer (null: none). */
export const setMinOffer = ({ listingId, minOfferCents }: { listingId: string; minOfferCents: number | null }) =>
  apiRequest<ListingOffersResponse>('PATCH', marketplaceApi.listingMinOffer(listingId), { body: { minOfferCents } });

export function useSetMinOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setMinOffer,
    onSuccess: (data, v) => qc.setQueryData(marketplaceKeys.listingOffers(v.listingId), data),
  });
}
