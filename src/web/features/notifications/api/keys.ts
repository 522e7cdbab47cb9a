/** The signed-in user's notifications and SMS choices; each key starts with its `/api/...` path (decision 017). */
const NOTIFICATIONS = '/api/user/notifications';
const PREFERENCES = '/api/user/notification-preferences';

export const notificationKeys = {
  all: [NOTIFICATIONS] as const,
  /** The first page: the bell's count and the top of the list. */
  latest: [NOTIFICATIONS, { page: 1 }] as const,
  /** The list opened from the bell, a page at a time. */
  feed: [NOTIFICATIONS, 'feed'] as const,
  preferences: [PREFERENCES] as const,
};

export const notificationPaths = {
  list: NOTIFICATIONS,
  read: (id: string) => `${NOTIFICATIONS}/${encodeURIComponent(id)}/read`,
  readAll: `${NOTIFICATIONS}/read-all`,
  preferences: PREFERENCES,
};
