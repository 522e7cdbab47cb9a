import { useEffect, useRef, type MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { AlertCircle, RotateCw } from 'lucide-react';
import type { LegalSlug } from '#common/legal.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/utils.ts';
import { useLegalPage } from './api/get-legal-page.ts';

const effectiveFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** Effective dates are UTC days (as chosen when publishing), shown as such wherever the reader is. */
export const formatEffective = (iso: string) => effectiveFormat.format(new Date(iso));

export const legalLabels: Record<LegalSlug, string> = { terms: 'Terms of Use', privacy: 'Privacy Policy', cookies: 'Cookie Policy' };

const siblings: { slug: LegalSlug; href: string; label: string }[] = [
  { slug: 'terms', href: '/terms', label: legalLabels.terms },
  { slug: 'privacy', href: '/privacy', label: legalLabels.privacy },
  { slug: 'cookies', href: '/cookies', label: legalLabels.cookies },
];

/** The page header shows the title, so a leading H1 in the rendered Markdown is dropped. */
export function stripLeadingH1(html: string): string {
  return html.replace(/^\s*<h1(?:\s[^>]*)?>[\s\S]*?<\/h1>\s*/i, '');
}

/**
 * Gives each body cell of the document's tables a `data-label` with its column heading, so that
 * on phones, where rows are stacked as cards, every value keeps its label.
 */
export function labelTableCells(root: ParentNode) {
  for (const table of root.querySelectorAll('table')) {
    const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, i) => {
        if (headings[i]) cell.setAttribute('data-label', headings[i]);
      });
    }
  }
}

export function LegalPage({ slug }: { slug: LegalSlug }) {
  const [, navigate] = useLocation();
  const articleRef = useRef<HTMLElement>(null);
  const { data, isPending, isError, error, refetch, isFetching } = useLegalPage(slug);

  const fallbackTitle = siblings.find((s) => s.slug === slug)?.label ?? 'Legal';
  useEffect(() => {
    document.title = data?.title ?? fallbackTitle;
  }, [data?.title, fallbackTitle]);

  useEffect(() => {
    if (articleRef.current) labelTableCells(articleRef.current);
  }, [data?.html]);

  // Links between the documents (e.g. "/privacy") stay inside the app instead of reloading it.
  function onArticleClick(e: MouseEvent<HTMLElement>) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || a.target || !href.startsWith('/') || href.startsWith('//')) return;
    e.preventDefault();
    navigate(href);
    window.scrollTo({ top: 0 });
  }

  return (
    <div className="bg-white">
      <div className="border-b border-zinc-200 bg-zinc-50">
        <div className="mx-auto max-w-4xl px-5 pb-10 pt-12 sm:px-8 md:pt-16">
          <nav aria-label="Legal documents">
            <ul className="flex flex-wrap gap-2">
              {siblings.map((s) => (
                <li key={s.slug}>
                  <Link
                    href={s.href}
                    aria-current={s.slug === slug ? 'page' : undefined}
                    className={cn(
                      'inline-flex h-8 items-center rounded-full border px-3.5 text-sm transition-colors',
                      s.slug === slug
                        ? 'border-[#0b0b0c] bg-[#0b0b0c] text-white'
                        : 'border-zinc-300 bg-white text-zinc-700 hover:border-zinc-400 hover:text-foreground',
                    )}
                  >
                    {s.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {data ? (
            <>
              <h1 className="mt-8 font-display text-4xl font-normal leading-tight tracking-tight sm:text-5xl">{data.title}</h1>
              <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground tabular">
                <span>Version {data.version}</span>
                <span aria-hidden="true" className="text-zinc-300">
                  |
                </span>
                <span>Effective {formatEffective(data.effectiveAt ?? data.updatedAt)}</span>
              </p>
            </>
          ) : (
            <>
              <h1 className="mt-8 font-display text-4xl font-normal leading-tight tracking-tight sm:text-5xl">{fallbackTitle}</h1>
              {/* Holds the version line's place, so the document below does not move when it arrives. */}
              {isPending && (
                <div className="mt-4 flex h-5 items-center" aria-hidden="true">
                  <Skeleton className="h-4 w-56" />
                </div>
              )}
            </>
          )}
        </div>
      </div>

      <div className="mx-auto max-w-4xl px-5 py-12 sm:px-8 md:py-16">
        {isPending ? (
          <div role="status" aria-live="polite" className="max-w-[70ch] space-y-4">
            <span className="sr-only">Loading {fallbackTitle}</span>
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-[94%]" />
            <Skeleton className="h-4 w-[88%]" />
            <Skeleton className="mt-10 h-6 w-64" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-[91%]" />
            <Skeleton className="h-4 w-[76%]" />
            <Skeleton className="mt-10 h-6 w-52" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-[85%]" />
          </div>
        ) : isError ? (
          <div role="alert" className="flex max-w-xl flex-col items-start gap-4 rounded-xl border border-red-200 bg-red-50/60 p-6">
            <div className="flex items-start gap-3">
              <AlertCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
              <div>
                <h2 className="font-semibold">We couldn't load this document.</h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  {error instanceof Error && /^404\b/.test(error.message) ? 'It has not been published yet.' : 'Check your connection and try again.'}
                </p>
              </div>
            </div>
            <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
              <RotateCw className={cn(isFetching && 'animate-spin')} aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : (
          <article
            ref={articleRef}
            onClick={onArticleClick}
            aria-label={data.title}
            className="prose-legal"
            dangerouslySetInnerHTML={{ __html: stripLeadingH1(data.html) }}
          />
        )}
      </div>
    </div>
  );
}
