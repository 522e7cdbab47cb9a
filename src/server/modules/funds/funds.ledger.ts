import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import { formatUnits, fundMessages } from '#common/funds.ts';
import type { Db } from '#server/db/client.ts';
import { fundRequests, funds, fundTransactions } from '#server/db/schema/funds.ts';
import { AppError, notFound } from '#server/errors.ts';

export type FundRow = typeof funds.$inferSelect;
export type TransactionRow = typeof fundTransactions.$inferSelect;

/** The fund, or 404; `lock` serialises writers on one fund (holdings, valuations, deals). */
export async function loadFund(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<FundRow> {
  const q = db.select().from(funds).where(eq(funds.id, id)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw notFound(fundMessages.notFound);
  return row;
}

export interface Ledger {
  unitsMicro: number;
  investedCents: number;
  pendingSubscriptionCents: number;
  pendingRedemptionUnitsMicro: number;
}

const emptyLedger = (): Ledger => ({ unitsMicro: 0, investedCents: 0, pendingSubscriptionCents: 0, pendingRedemptionUnitsMicro: 0 });

/**
 * Positions as the sum of transactions (decision 081), per fund and member: dealt units, cash in
 * minus cash out, and what waits for the next valuation. Keyed `fundId:userId`.
 */
export async function ledgers(
  db: Db,
  where: { userIds?: string[]; fundIds?: string[] },
): Promise<Map<string, Ledger & { fundId: string; userId: string }>> {
  const conds = [sql`${fundTransactions.status} <> 'cancelled'`];
  if (where.userIds) conds.push(where.userIds.length ? inArray(fundTransactions.userId, where.userIds) : sql`false`);
  if (where.fundIds) conds.push(where.fundIds.length ? inArray(fundTransactions.fundId, where.fundIds) : sql`false`);
  const rows = await db
    .select({
      fundId: fundTransactions.fundId,
      userId: fundTransactions.userId,
      units: sql<string>`coalesce(sum(${fundTransactions.unitsMicro}) filter (where ${fundTransactions.status} = 'dealt'), 0)`,
      invested: sql<string>`coalesce(sum(case when ${fundTransactions.kind} = 'subscription' then ${fundTransactions.amountCents} when ${fundTransactions.kind} = 'redemption' then -${fundTransactions.amountCents} else 0 end) filter (where ${fundTransactions.status} = 'dealt'), 0)`,
      pendingSubs: sql<string>`coalesce(sum(${fundTransactions.amountCents}) filter (where ${fundTransactions.status} = 'pending' and ${fundTransactions.kind} = 'subscription'), 0)`,
      pendingReds: sql<string>`coalesce(sum(-${fundTransactions.unitsMicro}) filter (where ${fundTransactions.status} = 'pending' and ${fundTransactions.kind} = 'redemption'), 0)`,
    })
    .from(fundTransactions)
    .where(and(...conds))
    .groupBy(fundTransactions.fundId, fundTransactions.userId);
  const out = new Map<string, Ledger & { fundId: string; userId: string }>();
  for (const r of rows) {
    out.set(`${r.fundId}:${r.userId}`, {
      fundId: r.fundId,
      userId: r.userId,
      unitsMicro: Number(r.units),
      investedCents: Number(r.invested),
      pendingSubscriptionCents: Number(r.pendingSubs),
      pendingRedemptionUnitsMicro: Number(r.pendingReds),
    });
  }
  return out;
}

export async function ledgerOf(db: Db, fundId: string, userId: string): Promise<Ledger> {
  return (await ledgers(db, { fundIds: [fundId], userIds: [userId] })).get(`${fundId}:${userId}`) ?? emptyLedger();
}

/** Units a member may still ask to redeem: dealt units less pending redemptions and pending redemption requests. */
export async function redeemableUnits(db: Db, fundId: string, userId: string, opts: { exceptRequestId?: string } = {}): Promise<number> {
  const l = await ledgerOf(db, fundId, userId);
  const [r] = await db
    .select({ units: sql<string>`coalesce(sum(${fundRequests.unitsMicro}), 0)` })
    .from(fundRequests)
    .where(
      and(
        eq(fundRequests.fundId, fundId),
        eq(fundRequests.userId, userId),
        eq(fundRequests.kind, 'redemption'),
        eq(fundRequests.status, 'pending'),
        opts.exceptRequestId ? sql`${fundRequests.id} <> ${opts.exceptRequestId}` : undefined,
      ),
    );
  return l.unitsMicro - l.pendingRedemptionUnitsMicro - Number(r.units);
}

/**
 * Refuses a subscription into a closed fund, or a first one below the fund's minimum (field
 * `amountCents`); a member who already holds units or has a subscription waiting may add any amount.
 */
export async function checkSubscription(db: Db, fund: FundRow, input: { userId: string; amountCents: number }) {
  if (fund.status !== 'open') throw new AppError('conflict', fundMessages.closed);
  if (input.amountCents >= fund.minimumInvestmentCents) return;
  const l = await ledgerOf(db, fund.id, input.userId);
  if (l.unitsMicro <= 0 && l.pendingSubscriptionCents <= 0) {
    const msg = fundMessages.belowMinimum(formatCents(fund.minimumInvestmentCents));
    throw new AppError('bad_request', msg, { fieldErrors: { amountCents: [msg] } });
  }
}

/** Refuses redeeming more units than the member may (field `unitsMicro`). */
export function checkRedemption(unitsMicro: number, available: number) {
  if (available <= 0) throw new AppError('conflict', fundMessages.noPosition);
  if (unitsMicro > available) {
    const msg = fundMessages.unitsTooMany(formatUnits(available));
    throw new AppError('bad_request', msg, { fieldErrors: { unitsMicro: [msg] } });
  }
}
