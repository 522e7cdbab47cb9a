import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardRequestsResponse } from '#common/marketplace.ts';
import { apiGet } from '#web/lib/api.ts';
import { marketplaceKeys } from './keys.ts';

/** GET /api/user/requests: the member's card requests (list or vault). */
export const fetchMyCardRequests = (signal?: AbortSignal) => apiGet<CardRequestsResponse>(marketplaceKeys.requests, signal);
export const myCardRequestsQuery = () => queryOptions({ queryKey: marketplaceKeys.requests, queryFn: ({ signal }) => fetchMyCardRequests(signal) });
export const useMyCardRequests = () => useQuery(myCardRequestsQuery());
