import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from 'wouter';
import type { SecureAnalyticsRow } from '#common/marketplace.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useSecureAnalytics } from './api/secure-analytics.ts';
import { DateRangePicker, useDateRange } from './date-range.tsx';
import { CardCell, Stat } from './parts.tsx';

/** Seconds as "45 s", "3 m 20 s", "2 h 5 m". */
export function duration(s: number | null): string {
  if (s === null) return '—';
  const t = Math.round(s);
  if (t < 60) return `${t} s`;
  if (t < 3600) return `${Math.floor(t / 60)} m ${t % 60} s`;
  return `${Math.floor(t / 3600)} h ${Math.floor((t % 3600) / 60)} m`;
}

const columns: Column<SecureAnalyticsRow>[] = [
  {
    id: 'card',
    header: 'Listing',
    cell: (r) =>
      r.listingId ? (
        <Link href={`/secure/${r.listingId}`} className="block underline-offset-4 hover:underline">
          <CardCell card={r.card} />
        </Link>
      ) : (
        <CardCell card={r.card} />
      ),
    card: 'primary',
  },
  {
    id: 'views',
    header: 'Views',
    cell: (r) => <span className="tabular">{r.views}</span>,
    card: 'aside',
    className: 'text-right',
    headerClassName: 'text-right',
  },
  {
    id: 'unique',
    header: 'Unique viewers',
    cell: (r) => <span className="tabular">{r.uniqueViewers}</span>,
    card: 'field',
    className: 'text-right',
    headerClassName: 'text-right',
  },
  { id: 'total', header: 'Total time', cell: (r) => duration(r.totalSeconds), card: 'field', className: 'text-right', headerClassName: 'text-right' },
  {
    id: 'median',
    header: 'Median time',
    cell: (r) => duration(r.medianSeconds),
    card: 'field',
    className: 'text-right',
    headerClassName: 'text-right',
  },
];

/** /admin/secure-analytics: how members look at listings over a chosen period. */
export default function SecureAnalyticsPage() {
  const range = useDateRange(30);
  const query = useSecureAnalytics({ from: range.from, to: range.to });
  const data = query.data;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader eyebrow="Admin" title="Secure Analytics" description="Views, unique viewers and time spent on each Private MarketPlace listing." />
      <DateRangePicker from={range.from} to={range.to} onChange={range.set} />
      {query.isPending ? (
        <ListLoading label="Loading secure analytics" />
      ) : query.isError || !data ? (
        <ListError
          title="Secure analytics could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Views" value={data.totals.views} testId="views-total" />
            <Stat label="Unique viewers" value={data.totals.uniqueViewers} />
            <Stat label="Total view time" value={duration(data.totals.totalSeconds)} />
            <Stat label="Median view time" value={duration(data.totals.medianSeconds)} />
          </div>
          <section className="min-w-0 rounded-xl border bg-card p-4" aria-label="Views per day">
            <h2 className="mb-3 font-medium">Views per day</h2>
            <div className="h-64">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={data.daily} margin={{ left: -20, right: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                  <XAxis dataKey="date" tickFormatter={(d: string) => d.slice(5)} fontSize={11} />
                  <YAxis allowDecimals={false} fontSize={11} />
                  <Tooltip />
                  <Legend />
                  <Line type="linear" dataKey="views" name="Views" stroke="var(--color-crimson, #b91c1c)" dot={false} />
                  <Line type="linear" dataKey="uniqueViewers" name="Unique viewers" stroke="#2563eb" dot={false} />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </section>
          {data.listings.length === 0 ? (
            <EmptyState
              title="No listing views in this period"
              description="Views are counted when members open a listing on the Private MarketPlace."
            />
          ) : (
            <ResponsiveTable rows={data.listings} rowKey={(r) => r.cardId} columns={columns} rowTestId="analytics-row" cardTestId="analytics-row" />
          )}
        </>
      )}
    </div>
  );
}
