import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationPreferences } from '#common/notifications.ts';
import { apiRequest } from '#web/lib/api.ts';
import { notificationKeys, notificationPaths } from './keys.ts';

/** GET /api/user/notification-preferences: which kinds also come by text, and whether texts can go at all. */
export const fetchNotificationPreferences = (signal?: AbortSignal) =>
  apiRequest<NotificationPreferences>('GET', notificationPaths.preferences, { signal });

export const notificationPreferencesQuery = () =>
  queryOptions({ queryKey: notificationKeys.preferences, queryFn: ({ signal }) => fetchNotificationPreferences(signal), staleTime: 30_000 });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQuery());
