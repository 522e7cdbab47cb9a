import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { ChevronDown } from 'lucide-react';
import type { CurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { usePhoneDisplay } from '#web/features/phone/use-phone-display.ts';
import { cn } from '#web/lib/utils.ts';
import { UserAvatar } from './user-avatar.tsx';

type Props = ComponentPropsWithoutRef<'button'> & { user: CurrentUser; onDark: boolean };

/** The account menu's button: drawn at once, while the menu's own code loads after the first paint. */
export const AccountTrigger = forwardRef<HTMLButtonElement, Props>(function AccountTrigger({ user, onDark, className, ...props }, ref) {
  const phone = usePhoneDisplay(user.phone);
  return (
    <button
      ref={ref}
      type="button"
      className={cn(
        'flex items-center gap-2 rounded-full py-1 pl-1 pr-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
        onDark ? 'hover:bg-white/10 focus-visible:outline-white' : 'hover:bg-muted focus-visible:outline-ring',
        className,
      )}
      {...props}
    >
      <UserAvatar name={user.name} phone={user.phone} />
      {/* Named by what it shows (WCAG 2.5.3), with its purpose for screen readers. */}
      <span className="sr-only">Account menu: </span>
      <span className="max-w-[90px] truncate" data-testid="account-name">
        {user.name || phone}
      </span>
      <ChevronDown className="size-4 opacity-70" aria-hidden="true" />
    </button>
  );
});
