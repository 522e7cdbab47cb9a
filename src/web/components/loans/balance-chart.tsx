import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';

export interface BalancePoint {
  /** ISO date. */
  date: string;
  /** Principal still owed after this date's installment. */
  balanceCents: number;
}

const short = (d: string) =>
  new Date(`${d.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** Outstanding principal over the schedule, with today marked; the table beside it says the same in text. */
export default function BalanceChart({ points, today, height = 200 }: { points: BalancePoint[]; today?: string; height?: number }) {
  const first = points[0];
  const last = points.at(-1);
  // The axis is by category, so "today" is marked at the last point on or before it.
  const marker = today ? points.filter((p) => p.date.slice(0, 10) <= today).at(-1)?.date : undefined;
  return (
    <figure className="w-full min-w-0" style={{ height }} data-testid="balance-chart">
      <figcaption className="sr-only">
        {first && last
          ? `Outstanding balance from ${formatCents(first.balanceCents)} on ${formatDate(first.date.slice(0, 10))} to ${formatCents(last.balanceCents)} on ${formatDate(last.date.slice(0, 10))}`
          : 'No balance yet'}
      </figcaption>
      <div className="size-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e4e4e7" />
            <XAxis dataKey="date" tickFormatter={short} tick={{ fontSize: 11 }} tickLine={false} axisLine={false} minTickGap={24} />
            <YAxis tickFormatter={(v: number) => formatCents(v, 0)} tick={{ fontSize: 11 }} tickLine={false} axisLine={false} width={64} />
            <Tooltip labelFormatter={(d) => formatDate(String(d).slice(0, 10))} formatter={(v) => [formatCents(Number(v)), 'Outstanding']} />
            {marker && (
              <ReferenceLine x={marker} stroke="#8b1a1a" strokeDasharray="3 3" label={{ value: 'Today', fontSize: 11, position: 'insideTopRight' }} />
            )}
            <Area type="stepAfter" dataKey="balanceCents" stroke="#8b1a1a" fill="#eaa3a3" fillOpacity={0.35} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
