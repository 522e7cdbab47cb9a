import { lazy, Suspense, useState, type ReactNode } from 'react';
import { LiveStatusDot } from '#web/lib/live/live-connection.tsx';
import { Link, useLocation } from 'wouter';
import { Menu } from 'lucide-react';
import { Logo } from '#web/components/brand/logo.tsx';
import { Button } from '#web/components/ui/button.tsx';
import type { CurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { cn } from '#web/lib/utils.ts';
import { useContentReady } from '#web/lib/content-ready.ts';
import { NotificationBell } from '#web/features/notifications/notification-bell.tsx';
import { AccountTrigger } from './account-trigger.tsx';
import { RequireAuth } from './guards.tsx';
import { pageOpen, useMemberLinks } from './member-links.ts';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { INDEX_PATH, isActivePath } from './nav-items.ts';

// The banner's rules (#common/onboarding.ts) bring zod and the phone library; it shows after a
// fetch anyway, so its code loads after the first paint instead of before it.

const LazyAccountMenu = lazy(() => import('./account-menu.tsx'));

function AccountMenu({ user, onDark }: { user: CurrentUser; onDark: boolean }) {
  // The menu's code waits for the page's content, unless the user reaches for the button first;
  // a click on the stand-in opens the menu once its code arrives.
  const [ready, now] = useContentReady();
  const [clicked, setClicked] = useState(false);
  const click = () => {
    setClicked(true);
    now();
  };
  const trigger = <AccountTrigger user={user} onDark={onDark} aria-haspopup="menu" onPointerEnter={now} onFocus={now} onClick={click} />;
  if (!ready) return trigger;
  return (
    <Suspense fallback={trigger}>
      <LazyAccountMenu user={user} onDark={onDark} defaultOpen={clicked} />
    </Suspense>
  );
}

const MemberMobileMenu = lazy(() => import('./member-mobile-menu.tsx'));

function MobileMenu({ user, onDark }: { user: CurrentUser; onDark: boolean }) {
  const [open, setOpen] = useState(false);
  // The sheet's dialog code loads on the first tap, keeping it out of the shell's first download.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={cn('lg:hidden', onDark && 'text-white hover:bg-white/10 hover:text-white')}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" aria-hidden="true" />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MemberMobileMenu user={user} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

function MemberBar({ user }: { user: CurrentUser }) {
  const [location] = useLocation();
  const { centre } = useMemberLinks(user);
  const onIndex = isActivePath(location, INDEX_PATH);
  return (
    <header
      data-theme={onIndex ? 'index' : 'default'}
      className={cn(
        'sticky top-0 z-40 border-b',
        onIndex
          ? 'border-white/10 bg-gradient-to-r from-[#5c0f0f] via-[#2a0707] to-black text-white'
          : 'border-black/5 bg-white/90 backdrop-blur-md supports-[backdrop-filter]:bg-white/80',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link
          href="/dashboard"
          aria-label="Home"
          className="-m-1 flex items-center rounded-md p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Logo decorative tone={onIndex ? 'light' : 'dark'} className="size-9" />
        </Link>
        <nav aria-label="Main" className="hidden flex-1 items-center justify-center gap-1 lg:flex">
          {centre.map((item) => {
            const active = isActivePath(location, item.href);
            return (
              <Link
                key={item.href}
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                  onIndex
                    ? active
                      ? 'bg-white/15 text-white'
                      : 'text-white/75 hover:text-white'
                    : active
                      ? 'bg-muted text-crimson'
                      : 'text-zinc-600 hover:text-foreground',
                )}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>
        <div className="ml-auto flex items-center gap-1 lg:ml-0">
          <LiveStatusDot className="px-2" />
          <NotificationBell onDark={onIndex} />
          <div className="hidden lg:block">
            <AccountMenu user={user} onDark={onIndex} />
          </div>
          <MobileMenu user={user} onDark={onIndex} />
        </div>
      </div>
    </header>
  );
}

/** A switched-off feature's page is not found for members, as its API routes are (decision 100). */
function FeaturePage({ user, notFound, children }: { user: CurrentUser; notFound?: ReactNode; children: ReactNode }) {
  const [location] = useLocation();
  return <>{notFound && !pageOpen(user, location) ? notFound : children}</>;
}

/**
 * The signed-in member shell (spec §2): sticky bar, impersonation banner, a banner slot (the app
 * puts the onboarding banner there), and the page, or `notFound` in its place when the page's
 * feature is switched off. Signed-out visitors are sent to /.
 */
export function MemberLayout({
  children,
  banner,
  notFound,
}: {
  children: ReactNode;
  banner?: (user: CurrentUser) => ReactNode;
  notFound?: ReactNode;
}) {
  return (
    <RequireAuth need="user">
      {(user) => (
        <div className="flex min-h-dvh flex-col bg-zinc-50/60">
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:text-primary-foreground"
          >
            Skip to content
          </a>
          <MemberBar user={user} />
          {user.isImpersonated && <ImpersonationBanner />}
          {banner && <Suspense fallback={null}>{banner(user)}</Suspense>}
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            <FeaturePage user={user} notFound={notFound}>
              {children}
            </FeaturePage>
          </main>
        </div>
      )}
    </RequireAuth>
  );
}
