import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCardsQuery, AdminCardsResponse } from '#common/cards.ts';
import { apiRequest, type QueryParams } from '#web/lib/api.ts';
import { adminCardKeys, adminCardPaths } from './keys.ts';

/** GET /api/admin/cards?q=&ownerId=&custody=&grader=&sport=&needsReview=&sort=&page= */
export const fetchAdminCards = (params: AdminCardsQuery, signal?: AbortSignal) =>
  apiRequest<AdminCardsResponse>('GET', adminCardPaths.list, { params: params as QueryParams, signal });

export const adminCardsQuery = (params: AdminCardsQuery) =>
  queryOptions({
    queryKey: adminCardKeys.list(params),
    queryFn: ({ signal }) => fetchAdminCards(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useAdminCards = (params: AdminCardsQuery) => useQuery(adminCardsQuery(params));
