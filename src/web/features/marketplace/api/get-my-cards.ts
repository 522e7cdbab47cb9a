import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistryResponse } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { marketplaceApi, marketplaceKeys } from './keys.ts';

/** GET /api/registry: the member's own cards, to choose one for a request or an offer. */
export const fetchMyCards = (signal?: AbortSignal) => apiRequest<RegistryResponse>('GET', marketplaceApi.registry, { signal });
export const myCardsQuery = () => queryOptions({ queryKey: marketplaceKeys.myCards, queryFn: ({ signal }) => fetchMyCards(signal), staleTime: 0 });
export const useMyCards = (enabled: boolean) => useQuery({ ...myCardsQuery(), enabled });
