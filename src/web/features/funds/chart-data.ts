/** The fund and the market index on one valuation date, both rebased to 100 at the fund's first. */
export interface ComparisonPoint {
  day: string;
  fund: number;
  index: number | null;
}

/**
 * Joins the fund's rebased NAV per unit with the index rebased on the same valuation dates (the
 * server rebases both); a date the index has no level for has none, and the line bridges it.
 */
export function comparisonPoints(
  nav: readonly { date: string; rebased: number }[],
  index: readonly { date: string; rebased: number }[],
): ComparisonPoint[] {
  const byDate = new Map(index.map((p) => [p.date, p.rebased]));
  return [...nav]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((p) => ({ day: p.date, fund: round1(p.rebased), index: byDate.has(p.date) ? round1(byDate.get(p.date)!) : null }));
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** "+12.40%", "−3.10%", "—" for a change in percent (12.4 → +12.40%). */
export function formatReturn(v: number | null | undefined): string {
  if (v == null || !Number.isFinite(v)) return '—';
  const pct = Math.abs(v).toFixed(2);
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${pct}%`;
}

export const returnTone = (v: number | null | undefined) =>
  v == null || v === 0 || !Number.isFinite(v) ? 'text-muted-foreground' : v > 0 ? 'text-emerald-700' : 'text-red-700';

/** The SVG path of a sparkline through the values, scaled into width × height with a 1 px inset. */
export function sparklinePath(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = values.length > 1 ? (width - 2) / (values.length - 1) : 0;
  return values
    .map((v, i) => {
      const x = 1 + i * step;
      const y = max === min ? height / 2 : 1 + (height - 2) * (1 - (v - min) / span);
      return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}
