import { Link } from 'wouter';
import { gradeLabel } from './grade.ts';
import { formatDate } from '#web/lib/dates.ts';
import type { ReactNode } from 'react';
import { constituentName, ELIGIBILITY } from '#common/market-index-values.ts';
import { sportLabels } from '#common/cards.ts';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { useConstituent } from './api/get-constituent.ts';
import { cardTitle, changeTone, formatChange } from './format.ts';
import { IndexHero } from './index-hero.tsx';
import { PriceChart } from './level-chart.tsx';
import { cn } from '#web/lib/utils.ts';

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border bg-card p-4">
      <div className="text-xs uppercase tracking-wide text-muted-foreground">{label}</div>
      <div className="mt-1 text-lg font-medium">{children}</div>
    </div>
  );
}

/** What a Watch control gets: the constituent it watches (composed in by the app; features do not import each other). */
export interface ConstituentWatchTarget {
  id: string;
  name: string;
  lastPriceCents: number | null;
}

/** /WonderShyneIndex/{id}: one constituent's prices, sales and membership; `watch` renders the member's Watch control. */
export default function ConstituentPage({
  params,
  watch,
}: {
  params: Record<string, string | undefined>;
  watch?: (target: ConstituentWatchTarget) => ReactNode;
}) {
  const query = useConstituent(params.id ?? '');
  return (
    <PageQuery query={query} loadingLabel="Loading the card" errorTitle="This card could not be loaded" skeletons={['h-40', 'h-72']}>
      {(c) => (
        <div>
          <IndexHero>
            <Link href="/WonderShyneIndex" className="text-sm text-white/70 hover:text-white">
              ← Market Index
            </Link>
            <h1 className="mt-2 font-display text-3xl font-semibold">{cardTitle(c)}</h1>
            <p className="mt-1 text-white/70">
              {sportLabels[c.sport]} · {gradeLabel(c.grader, c.grade)}
            </p>
            <div className="mt-4 flex flex-wrap items-end gap-8">
              <div>
                <div className="text-xs uppercase tracking-wide text-white/60">Last price</div>
                <Money cents={c.lastPriceCents} className="text-4xl font-semibold" />
                {c.lastObservedOn && (
                  <p className="text-sm text-white/70">
                    Last sale {formatDate(c.lastObservedOn)}
                    {c.stale ? ' · stale' : ''}
                  </p>
                )}
              </div>
              <div className={cn('text-lg', c.change1m == null ? 'text-white/60' : 'text-white')}>1M {formatChange(c.change1m)}</div>
              <div className={cn('text-lg', c.change1y == null ? 'text-white/60' : 'text-white')}>1Y {formatChange(c.change1y)}</div>
            </div>
            {watch && <div className="mt-5">{watch({ id: c.id, name: constituentName(c), lastPriceCents: c.lastPriceCents })}</div>}
          </IndexHero>
          <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
            <div className="grid gap-3 sm:grid-cols-3">
              <Stat label="In the index">
                <span data-testid="membership">
                  {c.inIndex ? `Yes, since ${formatDate(c.since)}` : c.retiredOn ? `Retired ${formatDate(c.retiredOn)}` : 'Not now'}
                </span>
              </Stat>
              <Stat label={`Sales, last ${ELIGIBILITY.longDays} days`}>
                {c.salesLong} <span className="text-sm text-muted-foreground">(needs {ELIGIBILITY.longSales})</span>
              </Stat>
              <Stat label={`Sales, last ${ELIGIBILITY.shortDays} days`}>
                {c.salesShort} <span className="text-sm text-muted-foreground">(needs {ELIGIBILITY.shortSales})</span>
              </Stat>
            </div>
            <p className={cn('text-sm', c.eligible ? 'text-emerald-700' : 'text-muted-foreground')}>
              {c.eligible ? 'Eligible at the next review.' : 'Not eligible today.'}{' '}
              <Link href="/wsi" className="underline underline-offset-4">
                The eligibility rule
              </Link>
            </p>
            {c.prices.length > 0 && (
              <div className="rounded-xl border bg-card p-4 sm:p-6">
                <PriceChart prices={c.prices} observations={c.observations} />
              </div>
            )}
            <section className="grid gap-3">
              <h2 className="text-lg font-semibold">Observed sales ({c.observations.length})</h2>
              <ResponsiveTable
                rows={[...c.observations].reverse().slice(0, 100)}
                rowKey={(o) => `${o.day}-${o.source}-${o.saleRef ?? o.priceCents}`}
                columns={[
                  { id: 'day', header: 'Date', card: 'primary', cell: (o) => formatDate(o.day) },
                  {
                    id: 'price',
                    header: 'Price',
                    card: 'aside',
                    className: 'text-right',
                    headerClassName: 'text-right',
                    cell: (o) => <Money cents={o.priceCents} />,
                  },
                  { id: 'source', header: 'Source', cell: (o) => o.source },
                  { id: 'ref', header: 'Sale reference', cell: (o) => <span className={changeTone(null)}>{o.saleRef ?? '—'}</span> },
                ]}
              />
            </section>
          </div>
        </div>
      )}
    </PageQuery>
  );
}
