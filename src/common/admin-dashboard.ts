import { z } from 'zod';
import { adminAccessRequestSchema } from './access-request.ts';

/** The periods the dashboard's charts and period figures cover; 30 days unless asked. */
export const dashboardPeriods = ['7d', '30d', '90d', '12m'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '30d';
export const dashboardPeriodLabels: Record<DashboardPeriod, string> = { '7d': '7 days', '30d': '30 days', '90d': '90 days', '12m': '12 months' };

/** The browser's Date#getTimezoneOffset(), so "today", "this week" and the period's days are the admin's own. */
export const adminDashboardQuerySchema = z.object({
  tzOffset: z.coerce.number().int().min(-840).max(840).default(0),
  period: z.enum(dashboardPeriods).default(DEFAULT_DASHBOARD_PERIOD),
});
export type AdminDashboardQuery = z.input<typeof adminDashboardQuerySchema>;

/** LTV bands of the funded loans (basis points, lower bound inclusive); the last is open-ended. */
export const ltvBands = [
  { label: 'Under 20%', minBps: 0 },
  { label: '20–30%', minBps: 2000 },
  { label: '30–40%', minBps: 3000 },
  { label: '40–50%', minBps: 4000 },
  { label: '50% and over', minBps: 5000 },
] as const;

const int = z.number().int();

/** One bucket of the period: a local day (7 and 30 days), a week from the period's first day (90 days) or a local month (12 months). */
export const dashboardBucketSchema = z.object({
  start: z.string(),
  end: z.string(),
  newMembers: int,
  accessRequests: int,
  salesCount: int,
  gmvCents: int,
  /** Funds' assets at the last valuation before the bucket's end. */
  aumCents: int,
});
export type DashboardBucket = z.infer<typeof dashboardBucketSchema>;

export const businessFiguresSchema = z.object({
  members: z.object({ active: int, newInPeriod: int, pendingAccessRequests: int, requestsInPeriod: int }),
  kyc: z.object({ pendingDocuments: int, membersWaiting: int }),
  marketplace: z.object({ gmvCents: int, salesCount: int, activeListings: int, reservedListings: int }),
  lending: z.object({
    outstandingCents: int,
    fundedLoans: int,
    applicationsToReview: int,
    overdueInstallments: int,
    overdueCents: int,
    /** Funded and defaulted loans by live LTV (outstanding ÷ collateral value now); loans without collateral value are left out. */
    ltv: z.array(z.object({ label: z.string(), minBps: int, loans: int, outstandingCents: int })),
  }),
  funds: z.object({ aumCents: int, openFunds: int }),
  invoices: z.object({ openCount: int, openCents: int, overdueCount: int, overdueCents: int }),
  hunts: z.object({ openHunts: int, huntsToReview: int, openSources: int, sourcesToReview: int }),
});
export type BusinessFigures = z.infer<typeof businessFiguresSchema>;

export const adminDashboardSchema = z.object({
  counts: z.object({
    members: z.number().int(),
    pendingAccessRequests: z.number().int(),
    requestsThisWeek: z.number().int(),
    smsSentToday: z.number().int(),
  }),
  recentAccessRequests: z.array(adminAccessRequestSchema),
  /** When the counts were taken, and the starts of "today" and "this week" (Monday) used. */
  asOf: z.string(),
  todayStart: z.string(),
  weekStart: z.string(),
  /** The chosen period: its first instant (local midnight or month start) and its buckets, oldest first. */
  period: z.enum(dashboardPeriods),
  periodStart: z.string(),
  bucket: z.enum(['day', 'week', 'month']),
  business: businessFiguresSchema,
  series: z.array(dashboardBucketSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** Start of the local day and of the local week (Monday), as instants, for a UTC offset in minutes. */
export function localPeriodStarts(now: Date, tzOffsetMinutes: number) {
  const offsetMs = tzOffsetMinutes * 60_000;
  const local = now.getTime() - offsetMs;
  const dayStartLocal = Math.floor(local / 86_400_000) * 86_400_000;
  const weekday = new Date(dayStartLocal).getUTCDay(); // 0 = Sunday
  const weekStartLocal = dayStartLocal - ((weekday + 6) % 7) * 86_400_000;
  return { todayStart: new Date(dayStartLocal + offsetMs), weekStart: new Date(weekStartLocal + offsetMs) };
}

const DAY_MS = 86_400_000;

/**
 * The period's buckets as instants, for a UTC offset in minutes (Date#getTimezoneOffset): 7 or 30
 * local days ending today, 13 weeks from the local midnight 89 days ago (the last one ends tonight,
 * so it is 6 days long), or the 12 local months ending with this one.
 */
export function periodBuckets(now: Date, tzOffsetMinutes: number, period: DashboardPeriod) {
  const offsetMs = tzOffsetMinutes * 60_000;
  const { todayStart } = localPeriodStarts(now, tzOffsetMinutes);
  const tomorrow = todayStart.getTime() + DAY_MS;
  const buckets: { start: Date; end: Date }[] = [];
  if (period === '12m') {
    const local = new Date(now.getTime() - offsetMs);
    const y = local.getUTCFullYear();
    const m = local.getUTCMonth();
    for (let k = -11; k <= 0; k++)
      buckets.push({ start: new Date(Date.UTC(y, m + k, 1) + offsetMs), end: new Date(Date.UTC(y, m + k + 1, 1) + offsetMs) });
    return { bucket: 'month' as const, buckets };
  }
  const days = period === '7d' ? 7 : period === '30d' ? 30 : 90;
  const step = period === '90d' ? 7 : 1;
  const first = tomorrow - days * DAY_MS;
  for (let d = 0; d < days; d += step)
    buckets.push({ start: new Date(first + d * DAY_MS), end: new Date(Math.min(first + (d + step) * DAY_MS, tomorrow)) });
  return { bucket: period === '90d' ? ('week' as const) : ('day' as const), buckets };
}
