import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardsResponse } from '#common/cards.ts';
import { apiGet } from '#web/lib/api.ts';
import { vaultKeys } from './keys.ts';

/** GET /api/cards: the member's cards in short form (custody, hold), to pick what goes in or out. */
export const fetchMyCards = (signal?: AbortSignal) => apiGet<CardsResponse>(vaultKeys.myCards, signal);
export const myCardsQuery = () => queryOptions({ queryKey: vaultKeys.myCards, queryFn: ({ signal }) => fetchMyCards(signal) });
export const useMyCards = () => useQuery(myCardsQuery());
