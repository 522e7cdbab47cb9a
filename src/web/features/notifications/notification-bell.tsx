import { lazy, Suspense } from 'react';
import { useLatestNotifications } from './api/get-notifications.ts';
import { BellButton } from './bell-button.tsx';

// The popover, its list and Radix's floating code load after the first paint.
const LazyNotificationMenu = lazy(() => import('./notification-menu.tsx'));

/** The bell for the member bar and the staff sidebars: the unread count, and the list on a click. */
export function NotificationBell({ onDark = false, className }: { onDark?: boolean; className?: string }) {
  const latest = useLatestNotifications();
  const unread = latest.data?.unreadCount ?? 0;
  return (
    <Suspense fallback={<BellButton unread={unread} onDark={onDark} className={className} aria-haspopup="dialog" />}>
      <LazyNotificationMenu unread={unread} onDark={onDark} className={className} />
    </Suspense>
  );
}
