import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAccessRequestsResponse } from '#common/access-request.ts';
import { apiGet } from '#web/lib/api.ts';
import { accessRequestKeys, type AdminAccessRequestsParams } from './keys.ts';

/** GET /api/admin/access-requests?status=&q=&page= */
export const fetchAdminAccessRequests = (params: AdminAccessRequestsParams, signal?: AbortSignal) =>
  apiGet<AdminAccessRequestsResponse>(accessRequestKeys.list(params), signal);

/** The previous page stays shown while the next loads. */
export const adminAccessRequestsQuery = (params: AdminAccessRequestsParams) =>
  queryOptions({
    queryKey: accessRequestKeys.list(params),
    queryFn: ({ signal }) => fetchAdminAccessRequests(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useAdminAccessRequests = (params: AdminAccessRequestsParams) => useQuery(adminAccessRequestsQuery(params));
