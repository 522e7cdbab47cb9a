import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistryQuery, RegistryResponse } from '#common/cards.ts';
import { apiRequest, type QueryParams } from '#web/lib/api.ts';
import { cardKeys } from './keys.ts';

/** GET /api/registry?q=&sport=&grader=&custody=&sort=&page=: one page of the member's cards and the registry's totals. */
export const fetchRegistry = (params: RegistryQuery, signal?: AbortSignal) =>
  apiRequest<RegistryResponse>('GET', cardKeys.registry[0], { params: params as QueryParams, signal });

export const registryQuery = (params: RegistryQuery) =>
  queryOptions({
    queryKey: cardKeys.registryPage(params),
    queryFn: ({ signal }) => fetchRegistry(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useRegistry = (params: RegistryQuery) => useQuery(registryQuery(params));
