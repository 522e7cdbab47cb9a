import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';

const LISTINGS = '/api/listings';

/** What checkout needs of a card bought on the MarketPlace: until when it is held for this buyer. */
export interface Hold {
  reservation: { reservedUntil: string } | null;
}

/** GET /api/listings/{id}: the buyer's own hold on the listing the invoice pays for. */
export const holdQuery = (listingId: string) =>
  queryOptions({
    queryKey: [LISTINGS, listingId] as const,
    queryFn: ({ signal }) => apiRequest<Hold>('GET', `${LISTINGS}/${encodeURIComponent(listingId)}`, { signal }),
  });

export const useHold = (listingId: string | null) => useQuery({ ...holdQuery(listingId ?? ''), enabled: !!listingId });
