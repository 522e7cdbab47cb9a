import { Link, useLocation } from 'wouter';
import { LogOut } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle } from '#web/components/ui/sheet.tsx';
import { useLogout } from '#web/features/auth/api/logout.ts';
import type { CurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { usePhoneDisplay } from '#web/features/phone/use-phone-display.ts';
import { cn } from '#web/lib/utils.ts';
import { useMemberLinks } from './member-links.ts';
import { isActivePath, type NavItem } from './nav-items.ts';
import { UserAvatar } from './user-avatar.tsx';

/** The member bar's slide-in menu on small screens (loaded on first tap). */
export default function MemberMobileMenu({
  user,
  open,
  onOpenChange: setOpen,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const [location] = useLocation();
  const { centre, more, account } = useMemberLinks(user);
  const logout = useLogout();
  const phone = usePhoneDisplay(user.phone);
  const linkClass = (href: string) =>
    cn(
      'flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium transition-colors hover:bg-muted',
      isActivePath(location, href) && 'bg-muted text-crimson',
    );
  const menuLink = (item: NavItem) => (
    <SheetClose asChild key={item.href}>
      <Link href={item.href} className={linkClass(item.href)} aria-current={isActivePath(location, item.href) ? 'page' : undefined}>
        {item.icon && <item.icon className="size-5 text-muted-foreground" aria-hidden="true" />}
        {item.label}
      </Link>
    </SheetClose>
  );
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent side="right" closeLabel="Close menu" className="gap-0">
        <div className="flex items-center gap-3 border-b px-6 py-5 pr-14">
          <UserAvatar name={user.name} phone={user.phone} className="size-10 text-base" />
          <div className="min-w-0">
            <SheetTitle className="truncate">{user.name || 'Member'}</SheetTitle>
            <SheetDescription className="tabular truncate">{phone}</SheetDescription>
          </div>
        </div>
        <nav aria-label="Menu" className="flex flex-1 flex-col overflow-y-auto px-3 py-4">
          {centre.map(menuLink)}
          {more.map(menuLink)}
          {centre.length + more.length > 0 && <div className="mx-3 my-2 border-t" role="separator" />}
          <p className="px-3 pb-1 pt-2 text-xs font-medium uppercase tracking-wide text-muted-foreground">Account</p>
          {account.map(menuLink)}
        </nav>
        <div className="border-t p-4">
          <Button
            variant="outline"
            className="w-full"
            disabled={logout.isPending}
            onClick={() => {
              setOpen(false);
              logout.mutate();
            }}
          >
            <LogOut aria-hidden="true" />
            Log out
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}
