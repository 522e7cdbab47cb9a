import { Bar, BarChart, Cell, LabelList, ResponsiveContainer, XAxis, YAxis } from 'recharts';

/** The category labels' width and ink (exported for the test). */
export const LABEL_WIDTH = 136;
export const LABEL_INK = '#3f3f46';

export interface AllocationBar {
  label: string;
  /** Share of the holdings' marked value, 0–1. */
  weight: number;
}

const tones = ['#7f1d1d', '#b91c1c', '#27272a', '#52525b', '#a1a1aa', '#d4d4d8'];
const pct = (w: number) => `${(w * 100).toFixed(1)}%`;

/** One allocation (by sport or by grade) as horizontal bars, with the figures listed for screen readers. */
export default function AllocationChart({ title, slices }: { title: string; slices: readonly AllocationBar[] }) {
  const data = [...slices].sort((a, b) => b.weight - a.weight).map((s) => ({ ...s, pct: Math.round(s.weight * 1000) / 10 }));
  return (
    <figure className="grid min-w-0 grid-cols-1 gap-2">
      <figcaption className="text-sm font-medium">{title}</figcaption>
      {data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No holdings yet.</p>
      ) : (
        <>
          <div className="w-full min-w-0" style={{ height: Math.max(80, data.length * 34) }} aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} layout="vertical" margin={{ top: 0, right: 48, bottom: 0, left: 0 }} accessibilityLayer={false}>
                <XAxis type="number" hide domain={[0, 100]} />
                {/* Wide enough that a grade label stays on one line; zinc-700 ink reads at AA on white. */}
                <YAxis
                  type="category"
                  dataKey="label"
                  width={LABEL_WIDTH}
                  tick={{ fontSize: 12, fill: LABEL_INK }}
                  tickLine={false}
                  axisLine={false}
                />
                <Bar dataKey="pct" radius={[0, 4, 4, 0]} isAnimationActive={false} barSize={18}>
                  {data.map((d, i) => (
                    <Cell key={d.label} fill={tones[i % tones.length]} />
                  ))}
                  <LabelList dataKey="pct" position="right" formatter={(v) => `${Number(v).toFixed(1)}%`} style={{ fontSize: 12, fill: '#3f3f46' }} />
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
          <ul className="sr-only">
            {data.map((d) => (
              <li key={d.label}>
                {d.label}: {pct(d.weight)}
              </li>
            ))}
          </ul>
        </>
      )}
    </figure>
  );
}
