import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingDetail } from '#common/marketplace.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceKeys, marketplaceApi } from './keys.ts';

/** GET /api/listings/{id}: one listing with its card, provenance summary and similar listings. */
export const fetchListing = (id: string, signal?: AbortSignal) => apiRequest<ListingDetail>('GET', marketplaceApi.listing(id), { signal });

export const listingQuery = (id: string) => queryOptions({ queryKey: marketplaceKeys.detail(id), queryFn: ({ signal }) => fetchListing(id, signal) });

export const useListing = (id: string) => useQuery(listingQuery(id));
