import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardsResponse } from '#common/cards.ts';
import { apiGet } from '#web/lib/api.ts';
import { loanKeys } from './keys.ts';

/** GET /api/cards: the member's cards in short form (value, custody, hold), to pick collateral. */
export const fetchMyCards = (signal?: AbortSignal) => apiGet<CardsResponse>(loanKeys.myCards, signal);
export const myCardsQuery = () => queryOptions({ queryKey: loanKeys.myCards, queryFn: ({ signal }) => fetchMyCards(signal) });
export const useMyCards = () => useQuery(myCardsQuery());
