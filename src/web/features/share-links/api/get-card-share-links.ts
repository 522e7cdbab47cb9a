import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardShareLinksResponse } from '#common/share-links.ts';
import { apiRequest } from '#web/lib/api.ts';
import { shareKeys, sharePaths } from './keys.ts';

/** GET /api/cards/{id}/share-links: the owner's links for a card, with views. */
export const fetchCardShareLinks = (cardId: string, signal?: AbortSignal) =>
  apiRequest<CardShareLinksResponse>('GET', sharePaths.cardLinks(cardId), { signal });

export const cardShareLinksQuery = (cardId: string) =>
  queryOptions({ queryKey: shareKeys.cardLinks(cardId), queryFn: ({ signal }) => fetchCardShareLinks(cardId, signal) });
export const useCardShareLinks = (cardId: string) => useQuery(cardShareLinksQuery(cardId));
