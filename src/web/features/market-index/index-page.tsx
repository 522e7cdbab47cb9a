import { Link } from 'wouter';
import { formatDate } from '#web/lib/dates.ts';
import { weightingLabels } from '#common/market-index-values.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { useIndexLevels } from './api/get-index-levels.ts';
import { useIndexOverview } from './api/get-index.ts';
import { ConstituentsTable } from './constituents-table.tsx';
import { changeTone, formatChange, formatLevel } from './format.ts';
import { IndexHero } from './index-hero.tsx';
import { LevelChart } from './level-chart.tsx';
import { cn } from '#web/lib/utils.ts';

function Figure({ label, value }: { label: string; value: number | null }) {
  return (
    <div>
      <div className="text-xs uppercase tracking-wide text-white/60">{label}</div>
      <div className={cn('tabular text-lg font-medium', value == null ? 'text-white/60' : value >= 0 ? 'text-emerald-300' : 'text-red-300')}>
        {formatChange(value)}
      </div>
    </div>
  );
}

/** /WonderShyneIndex: the level, its changes, the chart and the members. */
export default function IndexPage() {
  const overview = useIndexOverview();
  const levels = useIndexLevels();
  const o = overview.data;
  return (
    <div>
      <IndexHero>
        <p className="text-sm tracking-wide text-white/70">Market Index · graded cards</p>
        <div className="mt-2 flex flex-wrap items-end gap-x-10 gap-y-4">
          <div>
            <h1 className="sr-only">Market Index</h1>
            <div data-testid="index-level" className="font-display tabular text-5xl font-semibold sm:text-6xl">
              {overview.isPending ? '…' : formatLevel(o?.level)}
            </div>
            <p className="mt-1 text-sm text-white/70">
              {o?.asOf ? `As of ${formatDate(o.asOf)} · base 1,000 on ${formatDate(o.baseDate)}` : 'No level yet'}
            </p>
          </div>
          <div className="flex gap-8">
            <Figure label="1 day" value={o?.changes.d1 ?? null} />
            <Figure label="1 month" value={o?.changes.m1 ?? null} />
            <Figure label="1 year" value={o?.changes.y1 ?? null} />
          </div>
        </div>
      </IndexHero>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:px-8">
        <div className="rounded-xl border bg-card p-4 sm:p-6">
          <PageQuery query={levels} loadingLabel="Loading the chart" errorTitle="The chart could not be loaded" skeletons={['h-72']}>
            {(d) =>
              d.levels.length ? (
                <LevelChart levels={d.levels} />
              ) : (
                <EmptyState title="No levels yet" description="The series starts once prices are imported." />
              )
            }
          </PageQuery>
        </div>
        <PageQuery query={overview} loadingLabel="Loading the constituents" errorTitle="The constituents could not be loaded" skeletons={['h-96']}>
          {(d) => (
            <section className="grid gap-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">Constituents ({d.constituents.length})</h2>
                <p className="text-sm text-muted-foreground">
                  {weightingLabels[d.weighting]}.{' '}
                  <Link href="/wsi" className="font-medium text-foreground underline underline-offset-4">
                    How the index is calculated
                  </Link>
                </p>
              </div>
              {d.constituents.length ? (
                <ConstituentsTable rows={d.constituents} />
              ) : (
                <EmptyState title="No constituents yet" description="Cards enter the index once they have enough observed sales." />
              )}
            </section>
          )}
        </PageQuery>
        <p className={cn('text-xs', changeTone(null))}>
          Prices are observed sales, carried forward until the next sale. Past levels do not predict future ones.
        </p>
      </div>
    </div>
  );
}
