import type { FundUpdateReason } from '#common/funds.ts';
import type { EventsContext } from '#server/lib/transition.ts';

export interface FundAnnounced {
  fundId: string;
  reason: FundUpdateReason;
  /** Members whose own request, transaction or position changed, with what happened in words. */
  members?: { userId: string; message?: string }[];
  /** Whether every member's view of the fund changed (a valuation, a holding, the fund's facts). */
  everyone?: boolean;
}

/**
 * fund_updated: to each member concerned (their position or request), to admins and managers (the
 * manage page), and without a userId to every member when the public figures changed. Runs after
 * commit; a failed delivery is logged, never thrown.
 */
export async function fundUpdated(ctx: EventsContext, e: FundAnnounced) {
  const base = { type: 'fund_updated' as const, fundId: e.fundId, reason: e.reason };
  try {
    for (const m of e.members ?? [])
      await ctx.live.publish({ kind: 'user', userId: m.userId }, { ...base, userId: m.userId, ...(m.message ? { message: m.message } : {}) });
    await ctx.live.publish({ kind: 'admins' }, base);
    if (e.everyone) await ctx.live.publish({ kind: 'members' }, base);
  } catch (err) {
    ctx.log?.warn({ err: { message: (err as Error).message } }, 'fund_updated not delivered');
  }
}
