import { and, count, eq, gte } from 'drizzle-orm';
import { localPeriodStarts, type AdminDashboard } from '#common/admin-dashboard.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { smsMessages } from '#server/db/schema/sms.ts';
import { accessRequests, users } from '#server/db/schema/users.ts';
import { recentAccessRequests } from '#server/modules/access-requests/access-requests.service.ts';

/** The admin home: headline counts and the latest access requests. */
export async function getAdminDashboard(ctx: Pick<AppContext, 'db' | 'clock'>, _actor: SignedInActor, input: { tzOffset: number }): Promise<AdminDashboard> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const { todayStart, weekStart } = localPeriodStarts(now, input.tzOffset);
  const [[members], [pending], [thisWeek], [smsToday], recent] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.status, 'active')),
    db.select({ n: count() }).from(accessRequests).where(eq(accessRequests.status, 'pending')),
    db.select({ n: count() }).from(accessRequests).where(gte(accessRequests.createdAt, weekStart)),
    db
      .select({ n: count() })
      .from(smsMessages)
      .where(and(eq(smsMessages.direction, 'outbound'), gte(smsMessages.createdAt, todayStart))),
    recentAccessRequests(ctx),
  ]);
  return {
    counts: {
      members: Number(members.n),
      pendingAccessRequests: Number(pending.n),
      requestsThisWeek: Number(thisWeek.n),
      smsSentToday: Number(smsToday.n),
    },
    recentAccessRequests: recent,
    asOf: now.toISOString(),
    todayStart: todayStart.toISOString(),
    weekStart: weekStart.toISOString(),
  };
}
