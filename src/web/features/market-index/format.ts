import { constituentName } from '#common/market-index-values.ts';
import type { ConstituentIdentity } from '#common/market-index.ts';

/** "+1.25 %" / "−0.40 %" / "—". */
export function formatChange(v: number | null | undefined): string {
  if (v == null || !Number.isFinite(v)) return '—';
  const pct = (v * 100).toFixed(2);
  return `${v > 0 ? '+' : v < 0 ? '−' : ''}${pct.replace('-', '')} %`;
}

export const changeTone = (v: number | null | undefined) =>
  v == null || v === 0 ? 'text-muted-foreground' : v > 0 ? 'text-emerald-700' : 'text-red-700';

export const formatLevel = (v: number | null | undefined) =>
  v == null ? '—' : v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const cardTitle = (c: Pick<ConstituentIdentity, 'player' | 'year' | 'set' | 'cardNumber' | 'variety' | 'grader' | 'grade'>) =>
  constituentName(c);

export const chartRanges = [
  { id: '1M', days: 30 },
  { id: '6M', days: 182 },
  { id: '1Y', days: 365 },
  { id: '5Y', days: 5 * 365 },
  { id: 'All', days: null },
] as const;
export type ChartRange = (typeof chartRanges)[number]['id'];

/** The points of a daily series inside a trailing window ending at its last point. */
export function windowed<T extends { day: string }>(points: readonly T[], range: ChartRange): T[] {
  const r = chartRanges.find((x) => x.id === range)!;
  if (!r.days || points.length === 0) return [...points];
  const last = Date.parse(points[points.length - 1].day);
  const from = new Date(last - r.days * 86_400_000).toISOString().slice(0, 10);
  return points.filter((p) => p.day >= from);
}
