import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListingWatchTargets } from '#common/alerts.ts';
import { apiGet } from '#web/lib/api.ts';
import { alertKeys } from './keys.ts';

/** GET /api/user/alerts/listing-targets/{id}: the listed card's constituent and a search for the same card. */
export const fetchListingTargets = (listingId: string, signal?: AbortSignal) =>
  apiGet<ListingWatchTargets>(alertKeys.listingTargets(listingId), signal);

export const listingTargetsQuery = (listingId: string) =>
  queryOptions({ queryKey: alertKeys.listingTargets(listingId), queryFn: ({ signal }) => fetchListingTargets(listingId, signal) });

export const useListingTargets = (listingId: string) => useQuery(listingTargetsQuery(listingId));
