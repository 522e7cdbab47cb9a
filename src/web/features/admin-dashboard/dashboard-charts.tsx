import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '#common/format.ts';
import type { ChartPoint, ChartKind } from './chart-data.ts';

// Loaded on its own (the chart library is the page's heaviest part) once a chart scrolls near.
const INK = '#18181b';
const CRIMSON = '#7f1d1d';
const MUTED = '#a1a1aa';
export const compactMoney = (cents: number) =>
  `$${new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(cents / 100)}`;
const money = (v: unknown) => formatCents(Number(v), 0);
// Tick labels in zinc-600 (readable at AA); the axis line itself stays light.
const axis = { tick: { fontSize: 12, fill: '#52525b' }, stroke: MUTED };
/** The AUM chart's money axis (exported for the test). */
export const aumAxis = { width: 64, tickFormatter: compactMoney, domain: [0, 'auto'] as [number, string] };

/**
 * One dashboard chart. It is a picture only (hidden from assistive technology, no keyboard stops):
 * the page gives each chart a text summary and a table of the same figures.
 */
export default function DashboardChart({ kind, points }: { kind: ChartKind; points: readonly ChartPoint[] }) {
  const data = points as ChartPoint[];
  return (
    <div className="h-56 w-full min-w-0" data-testid={`chart-${kind}`} data-points={points.length} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        {kind === 'sales' ? (
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="label" minTickGap={16} {...axis} />
            <YAxis yAxisId="gmv" width={52} tickFormatter={compactMoney} {...axis} />
            <YAxis yAxisId="n" orientation="right" width={28} allowDecimals={false} {...axis} />
            <Tooltip formatter={(v, name) => (name === 'GMV' ? money(v) : Number(v).toLocaleString('en-US'))} />
            <Legend />
            <Bar yAxisId="gmv" dataKey="a" name="GMV" fill={INK} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar yAxisId="n" dataKey="b" name="Sales" fill={CRIMSON} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        ) : kind === 'members' ? (
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="label" minTickGap={16} {...axis} />
            <YAxis width={28} allowDecimals={false} {...axis} />
            <Tooltip />
            <Legend />
            <Bar dataKey="a" name="New members" fill={INK} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Bar dataKey="b" name="Access requests" fill={CRIMSON} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        ) : kind === 'aum' ? (
          <AreaChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="label" minTickGap={16} {...axis} />
            {/* From zero: a 0.2% move must not look like a cliff; wide enough for "$394.2K". */}
            <YAxis {...aumAxis} {...axis} />
            <Tooltip formatter={(v) => money(v)} />
            <Area type="stepAfter" dataKey="a" name="Assets under management" stroke={INK} fill="#e4e4e7" strokeWidth={2} isAnimationActive={false} />
          </AreaChart>
        ) : (
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e4e4e7" vertical={false} />
            <XAxis dataKey="label" interval={0} {...axis} tick={{ fontSize: 11 }} />
            <YAxis width={52} tickFormatter={compactMoney} {...axis} />
            <Tooltip formatter={(v, name) => (name === 'Outstanding' ? money(v) : Number(v).toLocaleString('en-US'))} />
            <Bar dataKey="a" name="Outstanding" fill={INK} radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
