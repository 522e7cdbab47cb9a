import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Bell } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

/** The bell's accessible name carries the count, since the badge itself is hidden from screen readers. */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications, none unread');

type Props = ComponentPropsWithoutRef<'button'> & { unread: number; onDark: boolean };

/** The bell: drawn at once with its count, while its list's code loads after the first paint. */
export const BellButton = forwardRef<HTMLButtonElement, Props>(function BellButton({ unread, onDark, className, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={bellLabel(unread)}
      data-testid="notification-bell"
      className={cn(
        'relative inline-flex size-9 shrink-0 items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
        onDark
          ? 'text-white/85 hover:bg-white/10 hover:text-white focus-visible:outline-white'
          : 'text-zinc-700 hover:bg-muted focus-visible:outline-ring',
        className,
      )}
      {...props}
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className={cn(
            'tabular absolute -right-0.5 -top-0.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-crimson px-1 text-[11px] font-semibold leading-none text-white ring-2',
            onDark ? 'ring-[#0b0b0c]' : 'ring-white',
          )}
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
});
