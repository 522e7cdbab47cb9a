import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardsResponse } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** GET /api/cards: the member's cards in short form (all of them, unpaged), to choose one for a request or an offer. */
export const fetchMyCards = (signal?: AbortSignal) => apiRequest<CardsResponse>('GET', marketplaceApi.myCards, { signal });
export const myCardsQuery = () => queryOptions({ queryKey: marketplaceKeys.myCards, queryFn: ({ signal }) => fetchMyCards(signal), staleTime: 0 });
export const useMyCards = (enabled: boolean) => useQuery({ ...myCardsQuery(), enabled });
