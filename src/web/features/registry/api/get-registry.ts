import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistryResponse } from '#common/cards.ts';
import { apiRequest } from '#web/lib/api.ts';
import { cardKeys } from './keys.ts';

/** GET /api/registry: the member's own cards with their count and total estimated value. */
export const fetchRegistry = (signal?: AbortSignal) => apiRequest<RegistryResponse>('GET', cardKeys.registry[0], { signal });

export const registryQuery = () => queryOptions({ queryKey: cardKeys.registry, queryFn: ({ signal }) => fetchRegistry(signal) });

export const useRegistry = () => useQuery(registryQuery());
