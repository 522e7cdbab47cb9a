import { dashboardPeriodLabels, type AdminDashboard } from '#common/admin-dashboard.ts';
import { formatCents } from '#common/format.ts';

export type ChartKind = 'sales' | 'members' | 'aum' | 'ltv';
/** A chart's point: its label and up to two figures (cents or counts, as the chart says). */
export interface ChartPoint {
  label: string;
  a: number;
  b?: number;
}

/** A bucket's label in the admin's own time zone: "May 3" for a day or a week, "Jul 2025" for a month. */
export function bucketLabel(startIso: string, bucket: AdminDashboard['bucket']): string {
  const d = new Date(startIso);
  return bucket === 'month'
    ? d.toLocaleDateString('en-US', { month: 'short', year: 'numeric' })
    : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

export function chartPoints(d: AdminDashboard, kind: ChartKind): ChartPoint[] {
  if (kind === 'ltv') return d.business.lending.ltv.map((b) => ({ label: b.label, a: b.outstandingCents, b: b.loans }));
  return d.series.map((s) => {
    const label = bucketLabel(s.start, d.bucket);
    if (kind === 'sales') return { label, a: s.gmvCents, b: s.salesCount };
    if (kind === 'members') return { label, a: s.newMembers, b: s.accessRequests };
    return { label, a: s.aumCents };
  });
}

/** Nothing to draw: no sale, no newcomer, no valuation or no funded loan. */
export function isEmptyChart(points: readonly ChartPoint[], kind: ChartKind): boolean {
  return points.every((p) => p.a === 0 && (kind === 'ltv' || !p.b));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The chart said in a sentence, for everyone (and as the chart's text alternative). */
export function chartSummary(d: AdminDashboard, kind: ChartKind): string {
  const over = `over the last ${dashboardPeriodLabels[d.period]}`;
  const b = d.business;
  if (kind === 'sales') {
    const best = [...d.series].sort((x, y) => y.gmvCents - x.gmvCents)[0];
    const peak =
      best && best.gmvCents > 0
        ? ` The biggest ${d.bucket} was ${d.bucket === 'week' ? 'the week of ' : ''}${bucketLabel(best.start, d.bucket)}, with ${formatCents(best.gmvCents)}.`
        : '';
    return `${plural(b.marketplace.salesCount, 'sale')} worth ${formatCents(b.marketplace.gmvCents)} ${over}.${peak}`;
  }
  if (kind === 'members')
    return `${plural(b.members.newInPeriod, 'new member')} and ${plural(b.members.requestsInPeriod, 'access request')} ${over}.`;
  if (kind === 'aum') {
    const first = d.series[0]?.aumCents ?? 0;
    return `Funds' assets stand at ${formatCents(b.funds.aumCents)}${first > 0 ? `, from ${formatCents(first)} at the end of the period's first ${d.bucket}` : ''}.`;
  }
  const bands = b.lending.ltv.filter((x) => x.loans > 0).map((x) => `${x.loans} at ${x.label.replace('Under', 'under')}`);
  const valued = b.lending.ltv.reduce((s, x) => s + x.loans, 0);
  return valued
    ? `${plural(valued, 'funded loan')} by loan-to-value today: ${bands.join(', ')}.`
    : 'No funded loan has collateral with a value today.';
}
