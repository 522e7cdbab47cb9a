import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListingOffers } from '#common/listing-offers.ts';
import { apiGet } from '#web/lib/api.ts';
import { marketplaceKeys } from './keys.ts';

/** GET /api/user/offers: offers the member made on listings and offers made on theirs. */
export const fetchMyListingOffers = (signal?: AbortSignal) => apiGet<UserListingOffers>(marketplaceKeys.offers, signal);
export const myListingOffersQuery = () => queryOptions({ queryKey: marketplaceKeys.offers, queryFn: ({ signal }) => fetchMyListingOffers(signal) });
export const useMyListingOffers = () => useQuery(myListingOffersQuery());
