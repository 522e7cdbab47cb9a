import { formatDateUtc } from '#common/dates.ts';
import { asc, desc, eq, and, inArray } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import {
  accruedFeeCents,
  cashForRedemption,
  daysBetweenDates,
  fundMessages,
  navPerUnitCents,
  splitFee,
  unitsForSubscription,
  type DealingPrice,
  type ValuationPreview,
} from '#common/funds.ts';
import { dayOf } from '#common/market-index.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { funds, fundTransactions, fundValuationLines, fundValuations } from '#server/db/schema/funds.ts';
import { AppError } from '#server/errors.ts';
import { inTransaction, transitionMany } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { postFundDeals } from './funds.ledger-history.ts';
import { fundTransactionAggregate } from './funds.aggregates.ts';
import { fundUpdated } from './funds.events.ts';
import { fundDealt } from './funds.notifications.ts';
import { ledgers, loadFund, type FundRow } from './funds.ledger.ts';
import { marksOn } from './funds.marks.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

type Ctx = Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>;

interface Plan extends ValuationPreview {
  fund: FundRow;
  price: DealingPrice;
  fees: Map<string, number>;
}

/** The last valuation's day, or null. */
export async function lastValuationDay(db: Db, fundId: string): Promise<string | null> {
  const [v] = await db
    .select({ d: fundValuations.valuedOn })
    .from(fundValuations)
    .where(eq(fundValuations.fundId, fundId))
    .orderBy(desc(fundValuations.valuedOn))
    .limit(1);
  return v?.d ?? null;
}

/**
 * What a valuation on `valuedOn` records (decision 080): marks, gross assets, the fee accrued since
 * the last valuation (or inception) while units were outstanding, NAV, and each pending
 * subscription and redemption dealt at NAV ÷ units before dealing. Refuses a date in the future,
 * before inception, on or before the last valuation, and a result that leaves cash below zero.
 */
async function plan(db: Db, fund: FundRow, valuedOn: string, today: string): Promise<Plan> {
  const field = (msg: string) => new AppError('bad_request', msg, { fieldErrors: { valuedOn: [msg] } });
  if (valuedOn > today) throw field(fundMessages.dateFuture);
  if (valuedOn < fund.inceptionDate) throw field(fundMessages.dateBeforeInception);
  const last = await lastValuationDay(db, fund.id);
  if (last === valuedOn)
    throw new AppError('conflict', fundMessages.valuationExists(formatDateUtc(valuedOn)), {
      fieldErrors: { valuedOn: [fundMessages.valuationExists(formatDateUtc(valuedOn))] },
    });
  if (last && valuedOn < last) throw field(fundMessages.valuationBeforeLast(formatDateUtc(last)));

  const lines = await marksOn(db, { fundId: fund.id, day: valuedOn });
  const holdingsValueCents = lines.reduce((s, l) => s + l.valueCents, 0);
  const gross = holdingsValueCents + fund.cashCents;
  const feeCents =
    fund.unitsMicro > 0
      ? accruedFeeCents({ grossCents: gross, feeBps: fund.managementFeeBps, days: daysBetweenDates(last ?? fund.inceptionDate, valuedOn) })
      : 0;
  const nav = gross - feeCents;
  const price: DealingPrice = { navCents: nav, unitsMicro: fund.unitsMicro, initialUnitPriceCents: fund.initialUnitPriceCents };

  const pending = await db
    .select({ t: fundTransactions, userName: users.name })
    .from(fundTransactions)
    .innerJoin(users, eq(users.id, fundTransactions.userId))
    .where(and(eq(fundTransactions.fundId, fund.id), eq(fundTransactions.status, 'pending')))
    .orderBy(asc(fundTransactions.createdAt), asc(fundTransactions.id));
  const held = await ledgers(db, { fundIds: [fund.id] });
  const deals: ValuationPreview['deals'] = [];
  let unitsAfter = fund.unitsMicro;
  let cashAfter = fund.cashCents - feeCents;
  const redeemed = new Map<string, number>();
  for (const { t, userName } of pending) {
    if (t.kind === 'subscription') {
      const units = unitsForSubscription(t.amountCents ?? 0, price);
      deals.push({ transactionId: t.id, kind: 'subscription', userId: t.userId, userName, amountCents: t.amountCents ?? 0, unitsMicro: units });
      unitsAfter += units;
      cashAfter += t.amountCents ?? 0;
    } else if (t.kind === 'redemption') {
      const units = -(t.unitsMicro ?? 0);
      const total = (redeemed.get(t.userId) ?? 0) + units;
      if (total > (held.get(`${fund.id}:${t.userId}`)?.unitsMicro ?? 0))
        throw new AppError('conflict', `${userName ?? 'A member'} no longer holds the units a pending redemption asks for; cancel it first`);
      redeemed.set(t.userId, total);
      const cash = cashForRedemption(units, price);
      deals.push({ transactionId: t.id, kind: 'redemption', userId: t.userId, userName, amountCents: cash, unitsMicro: -units });
      unitsAfter -= units;
      cashAfter -= cash;
    }
  }
  if (cashAfter < 0)
    throw new AppError(
      'conflict',
      `${fundMessages.cashShort(formatCents(fund.cashCents))}: the fee and redemptions need ${formatCents(fund.cashCents - cashAfter)}. Sell a holding or deal subscriptions first.`,
    );
  const fees = splitFee(
    feeCents,
    [...held.values()].filter((l) => l.unitsMicro > 0).map((l) => ({ key: l.userId, unitsMicro: l.unitsMicro })),
  );
  return {
    fund,
    price,
    fees,
    valuedOn,
    lines: lines.map((l) => ({
      holdingId: l.holdingId,
      cardId: l.cardId,
      subject: l.subject,
      valueCents: l.valueCents,
      source: l.source,
      markedOn: l.markedOn,
    })),
    holdingsValueCents,
    cashCents: fund.cashCents,
    feeCents,
    navCents: nav,
    unitsMicro: fund.unitsMicro,
    navPerUnitCents: navPerUnitCents(price),
    deals,
    unitsAfterMicro: unitsAfter,
    cashAfterCents: cashAfter,
  };
}

const publicPreview = (p: Plan): ValuationPreview => {
  const { fund: _f, price: _p, fees: _fees, ...rest } = p;
  return rest;
};

/** POST /api/admin/funds/{id}/valuations/preview: the same figures, nothing written. */
export async function previewValuation(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  _actor: SignedInActor,
  input: { fundId: string; valuedOn: string },
): Promise<ValuationPreview> {
  const fund = await loadFund(ctx.db, input.fundId);
  return publicPreview(await plan(ctx.db, fund, input.valuedOn, dayOf(ctx.clock.now())));
}

/**
 * POST /api/admin/funds/{id}/valuations: the valuation, its marks, every deal at its price and the
 * fee shares, the fund's new cash and units, in one transaction (decision 080). The fund row is
 * locked first, so two runs for one fund are serialised and the second finds the date taken.
 */
export async function runValuation(
  ctx: Ctx,
  actor: SignedInActor,
  input: { fundId: string; valuedOn: string },
): Promise<ValuationPreview & { id: string }> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const fund = await loadFund(tx, input.fundId, { lock: true });
    const p = await plan(tx, fund, input.valuedOn, dayOf(now));
    const subs = p.deals.filter((d) => d.kind === 'subscription').reduce((s, d) => s + d.amountCents, 0);
    const reds = p.deals.filter((d) => d.kind === 'redemption').reduce((s, d) => s + d.amountCents, 0);
    const [v] = await tx
      .insert(fundValuations)
      .values({
        fundId: fund.id,
        valuedOn: p.valuedOn,
        holdingsValueCents: p.holdingsValueCents,
        cashCents: p.cashCents,
        feeCents: p.feeCents,
        navCents: p.navCents,
        unitsMicro: p.unitsMicro,
        navPerUnitCents: p.navPerUnitCents,
        subscriptionsCents: subs,
        redemptionsCents: reds,
        unitsAfterMicro: p.unitsAfterMicro,
        cashAfterCents: p.cashAfterCents,
        createdBy: actor.user.id,
        createdAt: now,
      })
      .returning({ id: fundValuations.id });
    if (p.lines.length) {
      await tx
        .insert(fundValuationLines)
        .values(
          p.lines.map((l) => ({ valuationId: v.id, holdingId: l.holdingId, valueCents: l.valueCents, source: l.source, markedOn: l.markedOn })),
        );
    }
    for (const d of p.deals) {
      const updated = await transitionMany(uow, fundTransactionAggregate, {
        where: eq(fundTransactions.id, d.transactionId),
        from: ['pending'],
        to: 'dealt',
        actor,
        now,
        patch: { unitsMicro: d.unitsMicro, amountCents: d.amountCents, valuationId: v.id, dealtOn: p.valuedOn },
      });
      if (updated.length !== 1) throw new AppError('conflict', 'A pending transaction changed meanwhile; run the valuation again');
    }
    const feeRows = [...p.fees].filter(([, cents]) => cents > 0);
    if (feeRows.length) {
      await tx.insert(fundTransactions).values(
        feeRows.map(([userId, cents]) => ({
          fundId: fund.id,
          userId,
          kind: 'fee' as const,
          status: 'dealt' as const,
          source: 'valuation' as const,
          amountCents: cents,
          unitsMicro: 0,
          valuationId: v.id,
          dealtOn: p.valuedOn,
          createdBy: actor.user.id,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    await tx.update(funds).set({ cashCents: p.cashAfterCents, unitsMicro: p.unitsAfterMicro, updatedAt: now }).where(eq(funds.id, fund.id));
    // Every deal and fee share of this valuation onto the ledger (decision 132).
    await postFundDeals(tx, { fundId: fund.id, valuationId: v.id, at: now });
    await audit(tx, {
      ...auditBy(actor),
      action: 'fund.valuation_run',
      targetType: 'fund',
      targetId: fund.id,
      data: {
        valuationId: v.id,
        valuedOn: p.valuedOn,
        navCents: p.navCents,
        feeCents: p.feeCents,
        deals: p.deals.length,
        unitsAfterMicro: p.unitsAfterMicro,
        cashAfterCents: p.cashAfterCents,
      },
      at: now,
    });
    for (const d of p.deals)
      await fundDealt(uow, { userId: d.userId, fundId: fund.id, fundName: fund.name, kind: d.kind, valuedOn: p.valuedOn }, now);
    const members = p.deals.map((d) => ({
      userId: d.userId,
      message:
        d.kind === 'subscription'
          ? `Your subscription to ${fund.name} was dealt on ${formatDateUtc(p.valuedOn)}.`
          : `Your redemption from ${fund.name} was dealt on ${formatDateUtc(p.valuedOn)}.`,
    }));
    uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: fund.id, reason: 'valuation', members, everyone: true }));
    return { ...publicPreview(p), id: v.id };
  });
}

/** Valuations of a fund, oldest first. */
export async function valuationsOf(db: Db, fundIds: string[]) {
  if (fundIds.length === 0) return [];
  return db.select().from(fundValuations).where(inArray(fundValuations.fundId, fundIds)).orderBy(asc(fundValuations.valuedOn));
}
