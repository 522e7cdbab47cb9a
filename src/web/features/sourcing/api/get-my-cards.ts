import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardSummary } from '#common/cards.ts';
import { apiGet } from '#web/lib/api.ts';
import { huntKeys } from './keys.ts';

/** GET /api/cards: the member's cards in short form, to pick the one offered. */
export const fetchMyCards = (signal?: AbortSignal) => apiGet<{ cards: CardSummary[] }>(huntKeys.myCards, signal);
export const myCardsQuery = () => queryOptions({ queryKey: huntKeys.myCards, queryFn: ({ signal }) => fetchMyCards(signal) });
export const useMyCards = (enabled: boolean) => useQuery({ ...myCardsQuery(), enabled });
