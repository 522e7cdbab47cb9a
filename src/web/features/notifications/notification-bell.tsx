import { lazy, Suspense, useState } from 'react';
import { useContentReady } from '#web/lib/content-ready.ts';
import { useLatestNotifications } from './api/get-notifications.ts';
import { BellButton } from './bell-button.tsx';

// The popover, its list and Radix's floating code load once the page has rendered.
const LazyNotificationMenu = lazy(() => import('./notification-menu.tsx'));

/** The bell for the member bar and the staff sidebars: the unread count, and the list on a click. */
export function NotificationBell({ onDark = false, className }: { onDark?: boolean; className?: string }) {
  const latest = useLatestNotifications();
  const unread = latest.data?.unreadCount ?? 0;
  // Until its code is here the button is a stand-in: reaching for it loads the code, and a click opens the list once it arrives.
  const [ready, now] = useContentReady();
  const [clicked, setClicked] = useState(false);
  const click = () => {
    setClicked(true);
    now();
  };
  const button = (
    <BellButton unread={unread} onDark={onDark} className={className} aria-haspopup="dialog" onPointerEnter={now} onFocus={now} onClick={click} />
  );
  if (!ready) return button;
  return (
    <Suspense fallback={button}>
      <LazyNotificationMenu unread={unread} onDark={onDark} className={className} defaultOpen={clicked} />
    </Suspense>
  );
}
