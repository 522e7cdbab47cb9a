import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateListingOfferInput, ListingOffer } from '#common/listing-offers.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** POST /api/listings/{id}/offers: an offer below the asking price. */
export const makeListingOffer = ({ listingId, ...body }: CreateListingOfferInput & { listingId: string }) =>
  apiRequest<ListingOffer>('POST', marketplaceApi.listingOffers(listingId), { body });

export function useMakeListingOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: makeListingOffer,
    onSettled: (_d, _e, v) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: marketplaceKeys.listingOffers(v.listingId) }),
        qc.invalidateQueries({ queryKey: marketplaceKeys.offers }),
      ]),
  });
}
