import { useLocation } from 'wouter';
import { LogOut } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#web/components/ui/dropdown-menu.tsx';
import { useLogout } from '#web/features/auth/api/logout.ts';
import type { CurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { usePhoneDisplay } from '#web/features/phone/use-phone-display.ts';
import { AccountTrigger } from './account-trigger.tsx';
import { useMemberLinks } from './member-links.ts';

/** The member bar's account menu (its Radix and floating-ui code loads after the first paint). */
export default function AccountMenu({ user, onDark, defaultOpen = false }: { user: CurrentUser; onDark: boolean; defaultOpen?: boolean }) {
  const { account } = useMemberLinks(user);
  const logout = useLogout();
  const [, navigate] = useLocation();
  const phone = usePhoneDisplay(user.phone);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountTrigger user={user} onDark={onDark} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel>Account</DropdownMenuLabel>
        <div className="px-2 pb-2 text-sm">
          <p className="truncate font-medium">{user.name || 'Member'}</p>
          <p className="tabular truncate text-xs text-muted-foreground">{phone}</p>
        </div>
        <DropdownMenuSeparator />
        {account.map((item) => (
          <DropdownMenuItem key={item.href} onSelect={() => navigate(item.href)}>
            {item.icon && <item.icon aria-hidden="true" />}
            {item.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
