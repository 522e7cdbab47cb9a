import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { ArrowLeft, LogOut, Menu } from 'lucide-react';
import { Logo } from '#web/components/brand/logo.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { LiveStatusDot } from '#web/lib/live/live-connection.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '#web/components/ui/sheet.tsx';
import { useLogout } from '#web/features/auth/api/logout.ts';
import type { CurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { cn } from '#web/lib/utils.ts';
import { NotificationBell } from '#web/features/notifications/notification-bell.tsx';
import { isActivePath, type NavItem } from './nav-items.ts';
import { UserAvatar } from './user-avatar.tsx';

export interface SidebarLayoutProps {
  user: CurrentUser;
  /** The sidebar's accessible name ("Admin", "Manager"). */
  label: string;
  badge: string;
  items: NavItem[];
  /** Show "Back to App" (to /dashboard). */
  backToApp?: boolean;
  signOutLabel: string;
  children: ReactNode;
}

function SidebarBody({
  user,
  label,
  badge,
  items,
  backToApp,
  signOutLabel,
  onNavigate,
  inSheet = false,
}: Omit<SidebarLayoutProps, 'children'> & { onNavigate?: () => void; inSheet?: boolean }) {
  const [location] = useLocation();
  const logout = useLogout();
  return (
    <div className="flex h-full flex-col bg-[#0b0b0c] text-zinc-300">
      {/* In the sheet, keep the live dot clear of the close button in the top-right corner. */}
      <div className={cn('flex h-16 items-center gap-3 border-b border-white/10 px-5', inSheet && 'pr-16')}>
        <Link
          href="/dashboard"
          aria-label="Home"
          onClick={onNavigate}
          className="-m-1 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-white"
        >
          <Logo decorative tone="light" className="size-8" />
        </Link>
        <Badge variant="crimson" className="tracking-[0.14em]">
          {badge}
        </Badge>
        <LiveStatusDot className="ml-auto" />
        {/* In the sheet, the small screen's top bar already has the bell. */}
        {!inSheet && <NotificationBell onDark />}
      </div>
      <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-0.5">
          {items.map((item) => {
            const active = isActivePath(location, item.href, item.href === '/admin');
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={onNavigate}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-white',
                    active ? 'bg-white/10 font-medium text-white' : 'hover:bg-white/5 hover:text-white',
                  )}
                >
                  {item.icon && <item.icon className={cn('size-4 shrink-0', active ? 'text-red-300' : 'text-zinc-500')} aria-hidden="true" />}
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="grid gap-1 border-t border-white/10 p-3">
        <div className="mb-2 flex items-center gap-3 px-2">
          <UserAvatar name={user.name} phone={user.phone} />
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium text-white">{user.name || 'Member'}</p>
            <p className="tabular truncate text-xs text-zinc-400">{formatPhoneForDisplay(user.phone)}</p>
          </div>
        </div>
        {backToApp && (
          <Link
            href="/dashboard"
            onClick={onNavigate}
            className="flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <ArrowLeft className="size-4 text-zinc-500" aria-hidden="true" />
            Back to App
          </Link>
        )}
        <button
          type="button"
          disabled={logout.isPending}
          onClick={() => {
            onNavigate?.();
            logout.mutate();
          }}
          className="flex items-center gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-white disabled:opacity-50"
        >
          <LogOut className="size-4 text-zinc-500" aria-hidden="true" />
          {signOutLabel}
        </button>
      </div>
    </div>
  );
}

/** A staff layout: a dark sidebar on large screens, the same sidebar in a sheet on small ones. */
export function SidebarLayout(props: SidebarLayoutProps) {
  const [open, setOpen] = useState(false);
  const { children, label, badge } = props;
  return (
    <div className="min-h-dvh bg-zinc-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 lg:block">
        <SidebarBody {...props} />
      </aside>
      <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b bg-[#0b0b0c] px-4 text-white lg:hidden">
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Open ${label.toLowerCase()} menu`}
              className="text-white hover:bg-white/10 hover:text-white"
            >
              <Menu className="size-5" aria-hidden="true" />
            </Button>
          </SheetTrigger>
          <SheetContent side="left" closeLabel="Close menu" className="w-72 gap-0 border-0 p-0 [&>button]:text-zinc-400" aria-describedby={undefined}>
            <SheetTitle className="sr-only">{label} menu</SheetTitle>
            <SidebarBody {...props} inSheet onNavigate={() => setOpen(false)} />
          </SheetContent>
        </Sheet>
        <Logo decorative tone="light" className="size-7" />
        <Badge variant="crimson" className="tracking-[0.14em]">
          {badge}
        </Badge>
        <NotificationBell onDark className="ml-auto" />
      </header>
      <main id="main" tabIndex={-1} className="outline-none lg:pl-64">
        {children}
      </main>
    </div>
  );
}
