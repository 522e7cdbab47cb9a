import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingOffersResponse } from '#common/listing-offers.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** GET /api/listings/{id}/offers: every offer for the seller, the member's own otherwise. */
export const fetchListingOffers = (id: string, signal?: AbortSignal) =>
  apiRequest<ListingOffersResponse>('GET', marketplaceApi.listingOffers(id), { signal });
export const listingOffersQuery = (id: string) =>
  queryOptions({ queryKey: marketplaceKeys.listingOffers(id), queryFn: ({ signal }) => fetchListingOffers(id, signal) });
export const useListingOffers = (id: string, enabled = true) => useQuery({ ...listingOffersQuery(id), enabled });
