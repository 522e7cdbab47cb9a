import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingsQueryInput, ListingsResponse } from '#common/marketplace.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** GET /api/listings: active and reserved listings, featured first, filtered and sorted. */
export const fetchListings = (params: ListingsQueryInput, signal?: AbortSignal) =>
  apiRequest<ListingsResponse>('GET', marketplaceApi.listings, { params: { ...params } as Record<string, string | number>, signal });

export const listingsQuery = (params: ListingsQueryInput) =>
  queryOptions({ queryKey: marketplaceKeys.list(params), queryFn: ({ signal }) => fetchListings(params, signal), placeholderData: keepPreviousData });

export const useListings = (params: ListingsQueryInput) => useQuery(listingsQuery(params));
