import type { SQL } from 'drizzle-orm';
import { localPeriodStarts, ltvBands, periodBuckets, type AdminDashboard, type DashboardPeriod } from '#common/admin-dashboard.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { recentAccessRequests } from '#server/modules/access-requests/index.ts';
import { dashboardQueries, type DashboardWindow } from './admin-dashboard.queries.ts';

type Row = Record<string, number | string | Date | null>;
const rowsOf = async (db: Db, q: SQL) => ((await db.execute(q)) as unknown as { rows: Row[] }).rows;
const n = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => new Date(v as string | Date).toISOString();

/** The instants the dashboard counts from, in the admin's time zone. */
export function dashboardWindow(
  now: Date,
  input: { tzOffset: number; period: DashboardPeriod },
): DashboardWindow & { bucket: 'day' | 'week' | 'month' } {
  const { todayStart, weekStart } = localPeriodStarts(now, input.tzOffset);
  const { bucket, buckets } = periodBuckets(now, input.tzOffset, input.period);
  return {
    today: now.toISOString().slice(0, 10),
    todayStart,
    weekStart,
    periodStart: buckets[0]!.start,
    periodEnd: buckets.at(-1)!.end,
    buckets,
    bucket,
  };
}

/** The admin home: the business at a glance over a period, and the latest access requests. */
export async function getAdminDashboard(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  _actor: SignedInActor,
  input: { tzOffset: number; period: DashboardPeriod },
): Promise<AdminDashboard> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const w = dashboardWindow(now, input);
  const q = dashboardQueries(w);
  const [[f], series, ltv, recent] = await Promise.all([rowsOf(db, q.figures), rowsOf(db, q.series), rowsOf(db, q.ltv), recentAccessRequests(ctx)]);
  if (!f) throw new Error('the dashboard figures query returned no row');
  return {
    counts: {
      members: n(f.members),
      pendingAccessRequests: n(f.pending_requests),
      requestsThisWeek: n(f.requests_this_week),
      smsSentToday: n(f.sms_today),
    },
    recentAccessRequests: recent,
    asOf: now.toISOString(),
    todayStart: w.todayStart.toISOString(),
    weekStart: w.weekStart.toISOString(),
    period: input.period,
    periodStart: w.periodStart.toISOString(),
    bucket: w.bucket,
    business: {
      members: {
        active: n(f.members),
        newInPeriod: n(f.new_members),
        pendingAccessRequests: n(f.pending_requests),
        requestsInPeriod: n(f.requests_in_period),
      },
      kyc: { pendingDocuments: n(f.pending_documents), membersWaiting: n(f.members_waiting) },
      marketplace: {
        gmvCents: n(f.gmv_cents),
        salesCount: n(f.sales_count),
        activeListings: n(f.active_listings),
        reservedListings: n(f.reserved_listings),
      },
      lending: {
        outstandingCents: n(f.outstanding_cents),
        fundedLoans: n(f.funded_loans),
        applicationsToReview: n(f.applications_to_review),
        overdueInstallments: n(f.overdue_installments),
        overdueCents: n(f.overdue_installment_cents),
        ltv: ltvBands.map((band, i) => ({
          label: band.label,
          minBps: band.minBps,
          loans: n(ltv[i]?.loans),
          outstandingCents: n(ltv[i]?.outstanding_cents),
        })),
      },
      funds: { aumCents: n(f.aum_cents), openFunds: n(f.open_funds) },
      invoices: { openCount: n(f.open_count), openCents: n(f.open_cents), overdueCount: n(f.overdue_count), overdueCents: n(f.overdue_cents) },
      hunts: {
        openHunts: n(f.open_hunts),
        huntsToReview: n(f.hunts_to_review),
        openSources: n(f.open_sources),
        sourcesToReview: n(f.sources_to_review),
      },
    },
    series: series.map((r) => ({
      start: iso(r.start),
      end: iso(r.end),
      newMembers: n(r.new_members),
      accessRequests: n(r.access_requests),
      salesCount: n(r.sales_count),
      gmvCents: n(r.gmv_cents),
      aumCents: n(r.aum_cents),
    })),
  };
}
