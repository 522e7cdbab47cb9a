import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResponse } from '#common/notifications.ts';
import { apiRequest } from '#web/lib/api.ts';
import { notificationKeys, notificationPaths } from './keys.ts';

/** POST /api/user/notifications/read-all. */
export const markAllNotificationsRead = () => apiRequest<MarkReadResponse>('POST', notificationPaths.readAll);

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markAllNotificationsRead, onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }) });
}
