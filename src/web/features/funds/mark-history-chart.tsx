import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '#common/format.ts';
import type { MarkHistoryPoint } from '#common/funds.ts';
import { dayText } from './labels.ts';

const tickDay = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A holding's mark at each valuation (a step line: a mark holds until the next one). */
export default function MarkHistoryChart({ points }: { points: readonly MarkHistoryPoint[] }) {
  const data = points.map((p) => ({ day: p.date.slice(0, 10), value: p.valueCents / 100 }));
  return (
    <div className="h-56 w-full min-w-0" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e4e4e7" vertical={false} />
          <XAxis dataKey="day" tickFormatter={tickDay} minTickGap={40} tick={{ fontSize: 12 }} stroke="#a1a1aa" />
          <YAxis
            domain={['auto', 'auto']}
            width={72}
            tick={{ fontSize: 12 }}
            stroke="#a1a1aa"
            tickFormatter={(v: number) => formatCents(v * 100, 0)}
          />
          <Tooltip labelFormatter={(v) => dayText(String(v))} formatter={(v) => [formatCents(Number(v) * 100), 'Mark']} />
          <Area type="stepAfter" dataKey="value" stroke="#7f1d1d" fill="#7f1d1d" fillOpacity={0.08} isAnimationActive={false} dot={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
