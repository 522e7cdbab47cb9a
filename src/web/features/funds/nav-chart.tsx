import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '#web/lib/dates.ts';
import type { ComparisonPoint } from './chart-data.ts';

const tickDay = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** The fund's NAV per unit against the market index, both rebased to 100 at the fund's first valuation. */
export default function NavChart({ points, fundName }: { points: readonly ComparisonPoint[]; fundName: string }) {
  const last = points[points.length - 1];
  return (
    <figure className="grid grid-cols-1 gap-2" data-testid="nav-chart" data-last-fund={last?.fund ?? ''} data-points={points.length}>
      <div className="h-72 w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points as ComparisonPoint[]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="day" tickFormatter={tickDay} minTickGap={40} tick={{ fontSize: 12 }} stroke="#a1a1aa" />
            <YAxis domain={['auto', 'auto']} width={44} tick={{ fontSize: 12 }} stroke="#a1a1aa" tickFormatter={(v: number) => v.toFixed(0)} />
            <Tooltip labelFormatter={(v) => formatDate(String(v))} formatter={(v) => Number(v).toFixed(1)} />
            <Legend />
            <Line type="linear" dataKey="fund" name={fundName} stroke="#18181b" strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line
              type="linear"
              dataKey="index"
              name="Market Index"
              stroke="#7f1d1d"
              strokeWidth={2}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-muted-foreground">
        {last
          ? `Since the first valuation both start at 100. On ${formatDate(last.day)} the fund stands at ${last.fund.toFixed(1)}${
              last.index !== null ? ` and the Market Index at ${last.index.toFixed(1)}` : ''
            }.`
          : 'No valuations yet.'}
      </figcaption>
    </figure>
  );
}
