import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardDetail } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { cardKeys, cardPaths } from './keys.ts';

/** GET /api/cards/{id}: one card with its provenance timeline. */
export const fetchCard = (id: string, signal?: AbortSignal) => apiRequest<CardDetail>('GET', cardPaths.card(id), { signal });

export const cardQuery = (id: string) => queryOptions({ queryKey: cardKeys.detail(id), queryFn: ({ signal }) => fetchCard(id, signal) });

export const useCard = (id: string) => useQuery(cardQuery(id));
