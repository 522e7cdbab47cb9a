import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccessRequestStatus,
  AdminAccessRequestsResponse,
  RecentAccessRequestsResponse,
  ReviewAccessRequestInput,
  ReviewAccessRequestResponse,
} from '#common/access-request.ts';
import { apiRequest } from '#web/lib/api.ts';

/** The query keys the live connection refreshes on access_request_updated (spec §7). */
export const ADMIN_ACCESS_REQUESTS_KEY = '/api/admin/access-requests';
export const RECENT_ACCESS_REQUESTS_KEY = '/api/admin/access-requests/recent';
export const ADMIN_DASHBOARD_KEY = '/api/admin/dashboard';

/** GET /api/admin/access-requests?status=&q=&page= (the previous page stays shown while the next loads). */
export function useAdminAccessRequests(params: { status?: AccessRequestStatus; q: string; page: number }) {
  return useQuery<AdminAccessRequestsResponse>({
    queryKey: [ADMIN_ACCESS_REQUESTS_KEY, { status: params.status, q: params.q || undefined, page: params.page }],
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useRecentAccessRequests() {
  return useQuery<RecentAccessRequestsResponse>({ queryKey: [RECENT_ACCESS_REQUESTS_KEY], staleTime: 15_000 });
}

/** PATCH /api/admin/access-requests/{id}; every list, the recent list and the dashboard are refreshed at once. */
export function useReviewAccessRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, review }: { id: string; review: ReviewAccessRequestInput }) =>
      apiRequest<ReviewAccessRequestResponse>('PATCH', `/api/admin/access-requests/${encodeURIComponent(id)}`, { body: review }),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [ADMIN_ACCESS_REQUESTS_KEY] }),
        qc.invalidateQueries({ queryKey: [RECENT_ACCESS_REQUESTS_KEY] }),
        qc.invalidateQueries({ queryKey: [ADMIN_DASHBOARD_KEY] }),
      ]),
  });
}
