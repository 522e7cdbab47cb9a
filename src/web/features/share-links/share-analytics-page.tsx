import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { ShareAnalytics } from '#common/share-links.ts';
import { PageQuery } from '#web/components/page-query.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useShareAnalytics } from './api/get-share-analytics.ts';

const ViewsChart = lazy(() => import('./views-chart.tsx'));
const periods = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
];
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border bg-card p-4">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-display text-2xl font-medium">{value.toLocaleString('en-US')}</dd>
    </div>
  );
}

function SimpleTable({ caption, head, rows, empty }: { caption: string; head: string[]; rows: (ReactNode | number)[][]; empty: string }) {
  return (
    <section className="grid content-start gap-2 rounded-xl border bg-card p-4">
      <h2 className="text-sm font-medium">{caption}</h2>
      {rows.length ? (
        <Table aria-label={caption} className="table-fixed">
          <TableHeader>
            <TableRow>
              {head.map((h, i) => (
                <TableHead key={h} className={i > 0 ? 'w-20 text-right' : undefined}>
                  {h}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r, i) => (
              <TableRow key={i}>
                {r.map((c, j) => (
                  <TableCell key={j} className={j > 0 ? 'text-right tabular-nums' : 'truncate'}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>
      )}
    </section>
  );
}

function Report({ data }: { data: ShareAnalytics }) {
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Stat label="Links" value={data.totals.links} />
        <Stat label="Active links" value={data.totals.activeLinks} />
        <Stat label="Views" value={data.totals.views} />
        <Stat label="Unique visitors" value={data.totals.uniqueVisitors} />
        <Stat label="Bot views (not counted)" value={data.totals.botViews} />
      </dl>
      <section className="grid gap-2 rounded-xl border bg-card p-4" aria-labelledby="share-views-per-day">
        <h2 id="share-views-per-day" className="text-sm font-medium">
          Views per day
        </h2>
        <Suspense fallback={<div className="h-[240px]" />}>
          <ViewsChart days={data.viewsPerDay} height={240} />
        </Suspense>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <SimpleTable
          caption="Top cards"
          head={['Card', 'Views', 'Unique']}
          rows={data.topCards.map((c) => [
            <>
              <span className="block truncate font-medium">
                {c.year} {c.subject}
              </span>
              <span className="block truncate text-xs text-muted-foreground">{c.ownerName ?? '—'}</span>
            </>,
            c.views,
            c.uniqueVisitors,
          ])}
          empty="No views in this period."
        />
        <SimpleTable
          caption="Top referrers"
          head={['Site', 'Views']}
          rows={data.topReferrers.map((r) => [r.host, r.views])}
          empty="No referring sites in this period."
        />
      </div>
    </div>
  );
}

/** /admin/share-analytics and /share-analytics: who looks at shared cards, and from where. */
export default function ShareAnalyticsPage() {
  const id = useId();
  const [days, setDays] = useState(30);
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const from = isoDay(today - (days - 1) * 86_400_000);
  const to = isoDay(today);
  const query = useShareAnalytics(from, to);
  return (
    <div className="grid gap-6 p-4 sm:p-6 lg:p-8">
      <PageHeader
        title="Share Analytics"
        description="Views of shared card links. A visitor counts once per link per hour; crawlers are counted apart."
        actions={
          <div className="grid gap-1">
            <label htmlFor={id} className="text-xs text-muted-foreground">
              Period
            </label>
            <select
              id={id}
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs"
            >
              {periods.map((p) => (
                <option key={p.days} value={p.days}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
        }
      />
      <PageQuery
        query={query}
        loadingLabel="Loading share analytics"
        errorTitle="We couldn’t load share analytics"
        skeletons={['h-24', 'h-64', 'h-48']}
      >
        {(data) => <Report data={data} />}
      </PageQuery>
    </div>
  );
}
