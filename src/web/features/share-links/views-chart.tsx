import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DayCount } from '#common/share-links.ts';

const short = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Views per day as bars; the totals beside it say the same in text for screen readers. */
export default function ViewsChart({ days, height = 220 }: { days: DayCount[]; height?: number }) {
  const total = days.reduce((s, d) => s + d.views, 0);
  return (
    <figure className="w-full" style={{ height }} data-testid="views-chart">
      <figcaption className="sr-only">
        {total} views over {days.length} days
      </figcaption>
      <div className="size-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e4e4e7" />
            <XAxis dataKey="day" tickFormatter={short} tick={{ fontSize: 11 }} tickLine={false} axisLine={false} minTickGap={24} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11 }} tickLine={false} axisLine={false} />
            <Tooltip labelFormatter={(d) => short(String(d))} formatter={(v) => [v, 'Views']} cursor={{ fill: '#f4f4f5' }} />
            <Bar dataKey="views" fill="#8b1a1a" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
