import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResponse } from '#common/notifications.ts';
import { apiRequest } from '#web/lib/api.ts';
import { notificationKeys, notificationPaths } from './keys.ts';

/** POST /api/user/notifications/{id}/read. */
export const markNotificationRead = (id: string) => apiRequest<MarkReadResponse>('POST', notificationPaths.read(id));

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markNotificationRead, onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }) });
}
