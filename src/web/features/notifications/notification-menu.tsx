import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { BellOff, CheckCheck } from 'lucide-react';
import type { Notification } from '#common/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/popover.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/utils.ts';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { useNotificationFeed } from './api/get-notifications.ts';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from './api/mark-notification-read.ts';
import { BellButton } from './bell-button.tsx';
import { timeAgo } from './time-ago.ts';

function Item({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const unread = !n.readAt;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(n)}
        className={cn(
          'flex w-full gap-3 px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          unread && 'bg-red-50/40',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'mt-1.5 size-2 shrink-0 rounded-full',
            unread ? (n.variant === 'destructive' ? 'bg-red-600' : 'bg-crimson') : 'bg-transparent',
          )}
        />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn('text-sm', unread ? 'font-semibold text-foreground' : 'font-medium text-zinc-700')}>
            {unread && <span className="sr-only">Unread: </span>}
            {n.title}
          </span>
          <span className="text-sm text-muted-foreground">{n.message}</span>
          <time dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString('en-US')} className="text-xs text-zinc-500">
            {timeAgo(n.createdAt)}
          </time>
        </span>
      </button>
    </li>
  );
}

function NotificationList({ headingId, onNavigate }: { headingId: string; onNavigate: () => void }) {
  const feed = useNotificationFeed();
  // An admin viewing as the member reads without marking anything read: impersonation is read-only.
  const impersonated = useCurrentUser().data?.isImpersonated === true;
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const [, navigate] = useLocation();
  const items = feed.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = feed.data?.pages[0]?.unreadCount ?? 0;

  const open = (n: Notification) => {
    if (!n.readAt && !impersonated) markRead.mutate(n.id);
    onNavigate();
    if (n.link) navigate(n.link);
  };

  return (
    <div className="flex max-h-[min(32rem,calc(100dvh-6rem))] flex-col">
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id={headingId} className="text-sm font-semibold">
          Notifications
        </h2>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2 text-xs"
          disabled={unread === 0 || markAll.isPending || impersonated}
          title={impersonated ? 'Only the member can mark notifications read' : undefined}
          onClick={() => markAll.mutate()}
        >
          {markAll.isPending ? <Spinner size="sm" label="Marking all read" /> : <CheckCheck aria-hidden="true" />}
          Mark all read
        </Button>
      </div>
      {feed.isPending ? (
        <div className="flex justify-center p-8">
          <Spinner label="Loading notifications" />
        </div>
      ) : feed.isError ? (
        <div className="grid justify-items-center gap-3 p-6 text-center text-sm">
          <p role="alert">We couldn't load your notifications.</p>
          <Button variant="outline" size="sm" onClick={() => void feed.refetch()} disabled={feed.isFetching}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="grid justify-items-center gap-2 p-8 text-center">
          <BellOff className="size-6 text-zinc-400" aria-hidden="true" />
          <p className="text-sm font-medium">No notifications yet</p>
          <p className="text-xs text-muted-foreground">Invoices, payments and updates on your records will appear here.</p>
        </div>
      ) : (
        <div className="overflow-y-auto overscroll-contain">
          <ul className="divide-y" aria-labelledby={headingId}>
            {items.map((n) => (
              <Item key={n.id} n={n} onOpen={open} />
            ))}
          </ul>
          {feed.hasNextPage && (
            <div className="border-t p-2">
              <Button variant="ghost" size="sm" className="w-full" disabled={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                {feed.isFetchingNextPage && <Spinner size="sm" label="Loading more" />}
                Show older
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** The bell with its popover: the list loads when it opens; a click marks read and follows the link. */
export default function NotificationMenu({
  unread,
  onDark,
  className,
  defaultOpen = false,
}: {
  unread: number;
  onDark: boolean;
  className?: string;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const headingId = useId();
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <BellButton unread={unread} onDark={onDark} className={className} />
      </PopoverTrigger>
      <PopoverContent align="end" collisionPadding={8} aria-labelledby={headingId} className="w-[calc(100vw-1rem)] max-w-sm p-0 text-foreground">
        {open && <NotificationList headingId={headingId} onNavigate={() => setOpen(false)} />}
      </PopoverContent>
    </Popover>
  );
}
