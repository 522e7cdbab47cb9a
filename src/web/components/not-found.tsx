import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * The not-found state: the fallback page for an unknown path, and what a page shows when the
 * record its address names does not exist or is not the viewer's (the API answers 404).
 */
export function NotFound({ home = 'home', inPage = false }: { home?: 'home' | 'dashboard'; inPage?: boolean }) {
  return (
    <section
      aria-labelledby="not-found-title"
      data-testid="not-found"
      className={cn('mx-auto flex max-w-6xl flex-col items-center justify-center text-center', inPage ? 'py-12' : 'min-h-[65vh] px-5 py-20 sm:px-8')}
    >
      <svg viewBox="0 0 120 150" aria-hidden="true" focusable="false" className="w-24 text-zinc-300 sm:w-28">
        <rect x="4" y="4" width="112" height="142" rx="10" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <rect x="14" y="14" width="92" height="28" rx="4" fill="none" stroke="#8b1a1a" strokeWidth="2.5" />
        <rect x="22" y="23" width="34" height="4" rx="2" fill="#8b1a1a" fillOpacity="0.5" />
        <rect x="22" y="31" width="20" height="3" rx="1.5" fill="#8b1a1a" fillOpacity="0.3" />
        <rect x="18" y="52" width="84" height="84" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" strokeDasharray="6 6" />
        <text x="60" y="104" textAnchor="middle" fontSize="34" fill="#0b0b0c" fontFamily="Fraunces Variable, ui-serif, Georgia, serif">
          ?
        </text>
      </svg>
      <p className="mt-10 text-xs font-medium uppercase tracking-[0.2em] text-crimson">Error 404</p>
      {/* In a page the page's own heading stays the h1. */}
      {inPage ? (
        <h2 id="not-found-title" className="mt-4 font-display text-3xl font-normal leading-tight tracking-tight text-balance sm:text-4xl">
          This page isn't in the registry.
        </h2>
      ) : (
        <h1 id="not-found-title" className="mt-4 font-display text-4xl font-normal leading-tight tracking-tight text-balance sm:text-5xl">
          This page isn't in the registry.
        </h1>
      )}
      <p className="mt-5 max-w-md text-lg leading-relaxed text-muted-foreground">
        The address may be mistyped, or the page may have moved. Nothing else has gone missing.
      </p>
      <div className="mt-9 flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link href={home === 'dashboard' ? '/dashboard' : '/'}>
            <ArrowLeft aria-hidden="true" />
            {home === 'dashboard' ? 'Back to dashboard' : 'Back to home'}
          </Link>
        </Button>
      </div>
    </section>
  );
}
