import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { huntStatuses, huntStatusLabels, sourceStatusLabels, type SourceAnalytics } from '#common/hunts.ts';
import { PageQuery } from '#web/components/page-query.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useSourceAnalytics } from './api/get-source-analytics.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);
const hours = (h: number | null) => (h === null ? '—' : h < 48 ? `${h.toFixed(1)} h` : `${(h / 24).toFixed(1)} days`);

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border bg-card p-4">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="mt-1 font-display text-2xl font-medium tabular">{value}</p>
    </div>
  );
}

function Report({ a }: { a: SourceAnalytics }) {
  const byStatus = huntStatuses.map((s) => ({ status: huntStatusLabels[s], hunts: a.huntsByStatus[s], offers: a.sourcesByStatus[s] }));
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Median time to approval" value={hours(a.medianHoursToApproval)} />
        <Stat label="Median time to fulfilment" value={hours(a.medianHoursToFulfilment)} />
        <Stat label="Fulfilment rate" value={a.fulfilmentRate === null ? '—' : `${Math.round(a.fulfilmentRate * 100)}%`} />
        <Stat label="Board views" value={String(a.boardViews)} />
      </div>
      <section className="rounded-xl border bg-card p-4" aria-label="Per day">
        <h2 className="mb-3 font-medium">Hunts, offers and board views per day</h2>
        <div className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={a.daily} margin={{ left: -20, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
              <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={11} />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Legend />
              <Line type="linear" dataKey="hunts" name="Hunts" stroke="var(--color-crimson, #b91c1c)" dot={false} />
              <Line type="linear" dataKey="sources" name="Offers" stroke="#2563eb" dot={false} />
              <Line type="linear" dataKey="boardViews" name="Board views" stroke="#9ca3af" dot={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl border bg-card p-4" aria-label="By status">
          <h2 className="mb-3 font-medium">By status</h2>
          <div className="h-56">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={byStatus} margin={{ left: -20 }}>
                <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                <XAxis dataKey="status" fontSize={11} />
                <YAxis allowDecimals={false} fontSize={11} />
                <Tooltip />
                <Legend />
                <Bar dataKey="hunts" name="Hunts" fill="var(--color-crimson, #b91c1c)" />
                <Bar dataKey="offers" name="Offers" fill="#2563eb" />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <table className="mt-3 w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-muted-foreground">
                <th className="py-1 font-normal">Status</th>
                <th className="py-1 text-right font-normal">Hunts</th>
                <th className="py-1 text-right font-normal">Offers</th>
              </tr>
            </thead>
            <tbody>
              {huntStatuses.map((s) => (
                <tr key={s} className="border-t">
                  <td className="py-1">
                    {huntStatusLabels[s]} / {sourceStatusLabels[s]}
                  </td>
                  <td className="py-1 text-right tabular">{a.huntsByStatus[s]}</td>
                  <td className="py-1 text-right tabular">{a.sourcesByStatus[s]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="rounded-xl border bg-card p-4" aria-label="Top wanted players">
          <h2 className="mb-3 font-medium">Top wanted players</h2>
          {a.topPlayers.length === 0 ? (
            <p className="text-sm text-muted-foreground">No hunts in this range.</p>
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left text-xs text-muted-foreground">
                  <th className="py-1 font-normal">Player</th>
                  <th className="py-1 text-right font-normal">Hunts</th>
                </tr>
              </thead>
              <tbody>
                {a.topPlayers.map((p) => (
                  <tr key={p.player} className="border-t">
                    <td className="py-1">{p.player}</td>
                    <td className="py-1 text-right tabular">{p.hunts}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </div>
  );
}

/** /admin/source-analytics: sourcing over a date range, charts and tables. */
export default function SourceAnalyticsPage() {
  const id = useId();
  const today = new Date();
  const [range, setRange] = useState({ from: day(new Date(today.getTime() - 59 * 86_400_000)), to: day(today) });
  const query = useSourceAnalytics(range);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Source Analytics"
        description="Hunts and offers created in the range, how fast they move, and what members look for."
        actions={
          <div className="flex items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-from`} className="text-xs">
                From
              </Label>
              <Input
                id={`${id}-from`}
                type="date"
                value={range.from}
                max={range.to}
                onChange={(e) => e.target.value && setRange((r) => ({ ...r, from: e.target.value }))}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-to`} className="text-xs">
                To
              </Label>
              <Input
                id={`${id}-to`}
                type="date"
                value={range.to}
                min={range.from}
                onChange={(e) => e.target.value && setRange((r) => ({ ...r, to: e.target.value }))}
              />
            </div>
          </div>
        }
      />
      <PageQuery query={query} loadingLabel="Loading source analytics" errorTitle="Source analytics could not be loaded" skeletons={['h-24', 'h-64']}>
        {(a) => <Report a={a} />}
      </PageQuery>
    </div>
  );
}
