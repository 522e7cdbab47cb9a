import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Menu } from 'lucide-react';
import { Logo } from '#web/components/brand/logo.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

const PublicMobileMenu = lazy(() => import('./public-mobile-menu.tsx'));

/** Sections of the landing page the public header links to. */
export const landingSections = [
  { id: 'membership', label: 'Membership' },
  { id: 'index', label: 'The index' },
  { id: 'how-it-works', label: 'How access works' },
  { id: 'security', label: 'Security' },
] as const;

const legalLinks = [
  { href: '/terms', label: 'Terms of Use' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/cookies', label: 'Cookie Policy' },
] as const;

/** A link to a landing section: a plain in-page jump on `/`, a page load from elsewhere. */
function sectionHref(id: string) {
  return `/#${id}`;
}

export interface PublicHeaderProps {
  /** Buttons on the right of the bar on larger screens (e.g. Sign In, Get Access). */
  actions?: ReactNode;
  /** The same actions inside the mobile menu. */
  mobileActions?: ReactNode;
  className?: string;
}

export function PublicHeader({ actions, mobileActions, className }: PublicHeaderProps) {
  const [open, setOpen] = useState(false);
  // The menu's dialog code loads on the first tap, keeping it out of a visitor's first download.
  const [menuWanted, setMenuWanted] = useState(false);
  return (
    <header
      className={cn('sticky top-0 z-40 border-b border-black/5 bg-white/85 backdrop-blur-md supports-[backdrop-filter]:bg-white/75', className)}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-5 sm:px-8">
        <Link
          href="/"
          aria-label="Home"
          className="-m-1 flex items-center rounded-md p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Logo decorative className="size-9" />
        </Link>

        <nav aria-label="Main" className="hidden flex-1 items-center justify-center gap-1 md:flex">
          {landingSections.map((s) => (
            <a
              key={s.id}
              href={sectionHref(s.id)}
              className="rounded-md px-3 py-2 text-sm text-zinc-600 transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              {s.label}
            </a>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2 md:ml-0">
          {actions && <div className="hidden items-center gap-2 md:flex">{actions}</div>}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => {
              setMenuWanted(true);
              setOpen(true);
            }}
          >
            <Menu className="size-5" aria-hidden="true" />
          </Button>
          {menuWanted && (
            <Suspense fallback={null}>
              <PublicMobileMenu open={open} onOpenChange={setOpen} sections={landingSections} legalLinks={legalLinks} sectionHref={sectionHref}>
                {mobileActions}
              </PublicMobileMenu>
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="bg-[#0b0b0c] text-zinc-400">
      <div className="mx-auto max-w-6xl px-5 py-14 sm:px-8">
        <div className="grid gap-10 md:grid-cols-[1.4fr_1fr_1fr]">
          <div className="max-w-xs">
            <Link
              href="/"
              aria-label="Home"
              className="-m-1 inline-flex rounded-md p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Logo decorative tone="light" className="size-10" />
            </Link>
            <p className="mt-4 text-sm leading-relaxed">A private registry, marketplace and lending desk for graded sports cards. By request only.</p>
          </div>
          <nav aria-label="Explore">
            <h2 className="text-xs font-medium uppercase tracking-[0.18em] text-zinc-300">Explore</h2>
            <ul className="mt-4 space-y-2.5 text-sm">
              {landingSections.map((s) => (
                <li key={s.id}>
                  <a href={sectionHref(s.id)} className="transition-colors hover:text-white">
                    {s.label}
                  </a>
                </li>
              ))}
              <li>
                <Link href="/verify" className="transition-colors hover:text-white">
                  Verify a certificate
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Legal">
            <h2 className="text-xs font-medium uppercase tracking-[0.18em] text-zinc-300">Legal</h2>
            <ul className="mt-4 space-y-2.5 text-sm">
              {legalLinks.map((l) => (
                <li key={l.href}>
                  <Link href={l.href} className="transition-colors hover:text-white">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="mt-12 flex flex-col gap-2 border-t border-white/10 pt-6 text-xs text-zinc-400 sm:flex-row sm:items-center sm:justify-between">
          <p>© 2026. All rights reserved.</p>
          <p>All amounts in US dollars. Membership is subject to approval.</p>
        </div>
      </div>
    </footer>
  );
}

export interface PublicLayoutProps extends Omit<PublicHeaderProps, 'className'> {
  children: ReactNode;
}

/** The frame of every public page: skip link, sticky header, main landmark, footer. */
export function PublicLayout({ children, actions, mobileActions }: PublicLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:text-primary-foreground"
      >
        Skip to content
      </a>
      <PublicHeader actions={actions} mobileActions={mobileActions} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
