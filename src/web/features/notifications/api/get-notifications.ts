import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { NotificationsResponse } from '#common/notifications.ts';
import { apiRequest } from '#web/lib/api.ts';
import { notificationKeys, notificationPaths } from './keys.ts';

/** GET /api/user/notifications: mine, newest first, a page at a time, with the unread count. */
export const fetchNotifications = (page: number, signal?: AbortSignal) =>
  apiRequest<NotificationsResponse>('GET', notificationPaths.list, { params: { page }, signal });

/** The first page, which the bell reads for its count (refreshed by the live `notification` event). */
export const latestNotificationsQuery = () =>
  queryOptions({ queryKey: notificationKeys.latest, queryFn: ({ signal }) => fetchNotifications(1, signal), staleTime: 30_000 });

export const useLatestNotifications = () => useQuery(latestNotificationsQuery());

export const notificationFeedQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.feed,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 10_000,
  });

export const useNotificationFeed = () => useInfiniteQuery(notificationFeedQuery());
