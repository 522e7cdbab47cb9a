import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCardRequestAction, CardRequest, CardRequestStatus, CardRequestsResponse } from '#common/marketplace.ts';
import { apiGet, apiRequest } from '#web/lib/api.ts';
import { adminMarketApi, adminMarketKeys } from './keys.ts';

/** GET /api/admin/requests?status=: the card request queue. */
export const fetchAdminCardRequests = (status: CardRequestStatus | undefined, signal?: AbortSignal) =>
  apiGet<CardRequestsResponse>(adminMarketKeys.requestList(status), signal);
export const adminCardRequestsQuery = (status: CardRequestStatus | undefined) =>
  queryOptions({ queryKey: adminMarketKeys.requestList(status), queryFn: ({ signal }) => fetchAdminCardRequests(status, signal) });
export const useAdminCardRequests = (status: CardRequestStatus | undefined) => useQuery(adminCardRequestsQuery(status));

/** PATCH /api/admin/requests/{id} { action, note }: approve, reject, or confirm receipt into the vault. */
export const reviewCardRequest = ({ id, action, note }: { id: string; action: AdminCardRequestAction; note: string | null }) =>
  apiRequest<CardRequest>('PATCH', adminMarketApi.request(id), { body: { action, note } });

export function useReviewCardRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reviewCardRequest,
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminMarketKeys.requests }), qc.invalidateQueries({ queryKey: adminMarketKeys.listings })]),
  });
}
