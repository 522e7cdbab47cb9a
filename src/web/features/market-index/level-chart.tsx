import { useState } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Scatter, ComposedChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import { cn } from '#web/lib/utils.ts';
import { chartRanges, formatLevel, windowed, type ChartRange } from './format.ts';

function RangeButtons({ value, onChange }: { value: ChartRange; onChange: (r: ChartRange) => void }) {
  return (
    <div role="group" aria-label="Chart range" className="flex gap-1">
      {chartRanges.map((r) => (
        <button
          key={r.id}
          type="button"
          aria-pressed={value === r.id}
          onClick={() => onChange(r.id)}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-medium tabular focus-visible:outline-2 focus-visible:outline-ring',
            value === r.id ? 'bg-zinc-900 text-white' : 'text-muted-foreground hover:bg-muted',
          )}
        >
          {r.id}
        </button>
      ))}
    </div>
  );
}

const tickDay = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const fullDay = (d: unknown) => formatDate(String(d));

/** The index level over time, with 1M–All ranges (recharts, loaded with the index pages only). */
export function LevelChart({ levels }: { levels: readonly { day: string; level: number }[] }) {
  const [range, setRange] = useState<ChartRange>('1Y');
  const data = windowed(levels, range);
  return (
    <div className="grid gap-3" data-testid="index-chart">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium">Level</h2>
        <RangeButtons value={range} onChange={setRange} />
      </div>
      <div className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <defs>
              <linearGradient id="levelFill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="#7f1d1d" stopOpacity={0.25} />
                <stop offset="100%" stopColor="#7f1d1d" stopOpacity={0} />
              </linearGradient>
            </defs>
            <CartesianGrid stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="day" tickFormatter={tickDay} minTickGap={40} tick={{ fontSize: 12 }} stroke="#a1a1aa" />
            <YAxis domain={['auto', 'auto']} width={56} tick={{ fontSize: 12 }} stroke="#a1a1aa" tickFormatter={(v: number) => v.toFixed(0)} />
            <Tooltip labelFormatter={fullDay} formatter={(v) => [formatLevel(Number(v)), 'Level']} />
            <Area type="linear" dataKey="level" stroke="#7f1d1d" strokeWidth={2} fill="url(#levelFill)" isAnimationActive={false} dot={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}

/** A constituent's carried-forward price as a line, with each observed sale as a point. */
export function PriceChart({
  prices,
  observations,
}: {
  prices: readonly { day: string; priceCents: number }[];
  observations: readonly { day: string; priceCents: number }[];
}) {
  const [range, setRange] = useState<ChartRange>('All');
  const line = windowed(prices, range);
  const from = line[0]?.day ?? '';
  const dots = observations.filter((o) => o.day >= from);
  const data = [...line.map((p) => ({ day: p.day, price: p.priceCents / 100 })), ...dots.map((o) => ({ day: o.day, sale: o.priceCents / 100 }))].sort(
    (a, b) => (a.day < b.day ? -1 : 1),
  );
  return (
    <div className="grid gap-3" data-testid="price-chart">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium">Price and observed sales</h2>
        <RangeButtons value={range} onChange={setRange} />
      </div>
      <div className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="day" tickFormatter={tickDay} minTickGap={40} tick={{ fontSize: 12 }} stroke="#a1a1aa" />
            <YAxis
              domain={['auto', 'auto']}
              width={72}
              tick={{ fontSize: 12 }}
              stroke="#a1a1aa"
              tickFormatter={(v: number) => formatCents(v * 100, 0)}
            />
            <Tooltip labelFormatter={fullDay} formatter={(v, name) => [formatCents(Number(v) * 100), name === 'sale' ? 'Sale' : 'Price']} />
            <Area
              type="stepAfter"
              dataKey="price"
              stroke="#7f1d1d"
              fill="#7f1d1d"
              fillOpacity={0.06}
              connectNulls
              isAnimationActive={false}
              dot={false}
            />
            <Scatter dataKey="sale" fill="#18181b" isAnimationActive={false} />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
