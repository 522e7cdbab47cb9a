import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, SaveNotificationPreferences } from '#common/notifications.ts';
import { apiRequest } from '#web/lib/api.ts';
import { notificationKeys, notificationPaths } from './keys.ts';

/** PUT /api/user/notification-preferences: the kinds given; the others keep their choice. */
export const saveNotificationPreferences = (body: SaveNotificationPreferences) =>
  apiRequest<NotificationPreferences>('PUT', notificationPaths.preferences, { body });

export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (r) => qc.setQueryData(notificationKeys.preferences, r),
    onError: () => qc.invalidateQueries({ queryKey: notificationKeys.preferences }),
  });
}
