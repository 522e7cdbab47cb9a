import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { cardEventLabels, gradeValueFromLabel, sportLabels, type CardImageSide, type CardImageSize } from '#common/cards.ts';
import { formatCents } from '#common/format.ts';
import {
  fundMessages,
  navPerUnitCents,
  performancePct,
  positionValueCents,
  type AddHoldingInput,
  type AdminFundDetail,
  type AdminFundSummary,
  type AllocationSlice,
  type CreateFundInput,
  type DecideRequestInput,
  type DisposeHoldingInput,
  type FundCard,
  type FundDetail,
  type FundHoldingDetail,
  type FundPosition,
  type FundPositionsResponse,
  type FundRequest,
  type FundTransaction,
  type FundsListResponse,
  type MarkHoldingInput,
  type PatchFundInput,
  type RecordTransactionInput,
} from '#common/funds.ts';
import { addDays, dayOf } from '#common/market-index.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { fundHoldings, fundMarks, fundRequests, funds, fundTransactions, fundValuationLines, fundValuations } from '#server/db/schema/funds.ts';
import { AppError, notFound } from '#server/errors.ts';
import { inTransaction, transition, transitionMany } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import {
  cardDirectory,
  cardHistory,
  type HeldCardRevaluedHandler,
  holdCards,
  houseAccountId,
  lockCards,
  releaseCards,
  transferCard,
} from '#server/modules/cards/index.ts';
import { fundRequestAggregate, fundTransactionAggregate } from './funds.aggregates.ts';
import { fundUpdated } from './funds.events.ts';
import { fundRequestDecided, fundRequestNew } from './funds.notifications.ts';
import { checkRedemption, checkSubscription, ledgerOf, ledgers, loadFund, redeemableUnits, type FundRow, type Ledger } from './funds.ledger.ts';
import { marksOn } from './funds.marks.ts';
import { clientDirectory } from './funds.hooks.ts';
import { investorScope } from './funds.policy.ts';
import { lastValuationDay, valuationsOf } from './funds.valuation.ts';
import { indexLevelsUpTo, matchingConstituent } from '#server/modules/market-index/index.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');
const cardEvents = cardHistory('card_events');

// Members through users' read model (decision 135).
const users = userDirectory('users');
const deciders = userDirectory('d');

type Ctx = Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>;
type ReadCtx = Pick<AppContext, 'db' | 'clock'>;
type ValuationRow = typeof fundValuations.$inferSelect;

const SPARKLINE_POINTS = 24;
const today = (ctx: ReadCtx) => dayOf(ctx.clock.now());

// ---------------------------------------------------------------------------------------------
// Shaping
// ---------------------------------------------------------------------------------------------

const priceOf = (f: FundRow, last: ValuationRow | undefined) =>
  last
    ? { navCents: last.navCents, unitsMicro: last.unitsMicro, initialUnitPriceCents: f.initialUnitPriceCents }
    : { navCents: 0, unitsMicro: 0, initialUnitPriceCents: f.initialUnitPriceCents };

/** NAV per unit as dealt at a valuation (before its own deals). */
const vPrice = (f: FundRow, v: ValuationRow) =>
  navPerUnitCents({ navCents: v.navCents, unitsMicro: v.unitsMicro, initialUnitPriceCents: f.initialUnitPriceCents });

/** The value of units at the last valuation: NAV after its deals ÷ units after them (the same price). */
function valueAtLast(f: FundRow, last: ValuationRow | undefined, unitsMicro: number): number {
  return positionValueCents(unitsMicro, priceOf(f, last));
}

function toCard(f: FundRow, vals: ValuationRow[], holdingsCount: number): FundCard {
  const last = vals.at(-1);
  const first = vals[0];
  const yearAgo = last ? addDays(last.valuedOn, -365) : null;
  const base1y = yearAgo ? [...vals].reverse().find((v) => v.valuedOn <= yearAgo) : undefined;
  return {
    id: f.id,
    name: f.name,
    slug: f.slug,
    description: f.description,
    strategy: f.strategy,
    status: f.status,
    minimumInvestmentCents: f.minimumInvestmentCents,
    managementFeeBps: f.managementFeeBps,
    inceptionDate: f.inceptionDate,
    navCents: last ? last.navCents : null,
    navPerUnitCents: last ? vPrice(f, last) : f.initialUnitPriceCents,
    lastValuedOn: last?.valuedOn ?? null,
    performanceSinceInceptionPct: first && last && vals.length > 1 ? performancePct(f.initialUnitPriceCents, vPrice(f, last)) : null,
    performance1yPct: base1y && last ? performancePct(vPrice(f, base1y), vPrice(f, last)) : null,
    holdingsCount,
    sparkline: vals.slice(-SPARKLINE_POINTS).map((v) => ({ date: v.valuedOn, navPerUnitCents: vPrice(f, v) })),
  };
}

function toPosition(f: FundRow, last: ValuationRow | undefined, l: Ledger): FundPosition {
  const valueCents = valueAtLast(f, last, l.unitsMicro);
  return {
    fundId: f.id,
    fundName: f.name,
    fundSlug: f.slug,
    unitsMicro: l.unitsMicro,
    valueCents,
    investedCents: l.investedCents,
    gainCents: valueCents - l.investedCents,
    navPerUnitCents: last ? vPrice(f, last) : f.initialUnitPriceCents,
    lastValuedOn: last?.valuedOn ?? null,
    pendingSubscriptionCents: l.pendingSubscriptionCents,
    pendingRedemptionUnitsMicro: l.pendingRedemptionUnitsMicro,
  };
}

const byFund = (vals: ValuationRow[]) => {
  const m = new Map<string, ValuationRow[]>();
  for (const v of vals) m.set(v.fundId, [...(m.get(v.fundId) ?? []), v]);
  return m;
};

async function liveHoldingCounts(db: Db, fundIds: string[]) {
  if (fundIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ fundId: fundHoldings.fundId, n: count() })
    .from(fundHoldings)
    .where(and(inArray(fundHoldings.fundId, fundIds), isNull(fundHoldings.disposedOn)))
    .groupBy(fundHoldings.fundId);
  return new Map(rows.map((r) => [r.fundId, Number(r.n)]));
}

/** The caller's positions (funds where they hold units or have something pending). */
async function positionsFor(db: Db, userId: string, fundRows?: FundRow[]): Promise<FundPosition[]> {
  const l = await ledgers(db, { userIds: [userId] });
  const ids = [...new Set([...l.values()].map((x) => x.fundId))];
  if (ids.length === 0) return [];
  const fs = fundRows?.filter((f) => ids.includes(f.id)) ?? (await db.select().from(funds).where(inArray(funds.id, ids)));
  const vals = byFund(await valuationsOf(db, ids));
  return fs
    .map((f) => toPosition(f, vals.get(f.id)?.at(-1), l.get(`${f.id}:${userId}`)!))
    .filter((p) => p.unitsMicro > 0 || p.pendingSubscriptionCents > 0 || p.pendingRedemptionUnitsMicro > 0)
    .sort((a, b) => a.fundName.localeCompare(b.fundName));
}

const totalsOf = (ps: FundPosition[]) => {
  const investedCents = ps.reduce((s, p) => s + p.investedCents, 0);
  const valueCents = ps.reduce((s, p) => s + p.valueCents, 0);
  return { investedCents, valueCents, gainCents: valueCents - investedCents };
};

// ---------------------------------------------------------------------------------------------
// Member reads
// ---------------------------------------------------------------------------------------------

/** GET /api/funds: every fund as a card (open first), and the caller's own positions. */
export async function listFunds(ctx: ReadCtx, actor: SignedInActor): Promise<FundsListResponse> {
  const fs = await ctx.db.select().from(funds).orderBy(asc(funds.status), asc(funds.name));
  const ids = fs.map((f) => f.id);
  const vals = byFund(await valuationsOf(ctx.db, ids));
  const counts = await liveHoldingCounts(ctx.db, ids);
  return {
    funds: fs.map((f) => toCard(f, vals.get(f.id) ?? [], counts.get(f.id) ?? 0)),
    positions: await positionsFor(ctx.db, actor.user.id, fs),
  };
}

/** GET /api/user/fund-positions */
export async function myPositions(ctx: ReadCtx, actor: SignedInActor): Promise<FundPositionsResponse> {
  const positions = await positionsFor(ctx.db, actor.user.id);
  return { positions, totals: totalsOf(positions) };
}

/** GET /api/funds/open-for-allocation */
export async function openFunds(ctx: ReadCtx) {
  const rows = await ctx.db
    .select({ id: funds.id, name: funds.name, strategy: funds.strategy, minimumInvestmentCents: funds.minimumInvestmentCents })
    .from(funds)
    .where(eq(funds.status, 'open'))
    .orderBy(asc(funds.name));
  return { funds: rows };
}

const imageUrl = (fundId: string, cardId: string, side: CardImageSide, size: CardImageSize, at: Date | null, key: string | null) =>
  key && at ? `/api/funds/${fundId}/cards/${cardId}/images/${side}?size=${size}&v=${at.getTime()}` : null;

const cardFactColumns = {
  cardId: cards.id,
  subject: cards.subject,
  year: cards.year,
  brand: cards.brand,
  cardNumber: cards.cardNumber,
  variety: cards.variety,
  sport: cards.sport,
  grader: cards.grader,
  grade: cards.grade,
  certNumber: cards.certNumber,
  custody: cards.custody,
  frontThumbKey: cards.frontThumbKey,
  frontFullKey: cards.frontFullKey,
  frontImageAt: cards.frontImageAt,
  backThumbKey: cards.backThumbKey,
  backFullKey: cards.backFullKey,
  backImageAt: cards.backImageAt,
};

type HoldingJoin = Awaited<ReturnType<typeof holdingRows>>[number];

function holdingRows(db: Db, fundId: string, opts: { live?: boolean; cardId?: string } = {}) {
  return db
    .select({ h: fundHoldings, c: cardFactColumns })
    .from(fundHoldings)
    .innerJoin(cards, eq(cards.id, fundHoldings.cardId))
    .where(
      and(
        eq(fundHoldings.fundId, fundId),
        opts.live ? isNull(fundHoldings.disposedOn) : undefined,
        opts.cardId ? eq(fundHoldings.cardId, opts.cardId) : undefined,
      ),
    )
    .orderBy(asc(cards.year), asc(cards.subject));
}

function cardFacts(fundId: string, r: HoldingJoin) {
  const c = r.c;
  return {
    cardId: c.cardId,
    subject: c.subject,
    year: c.year,
    brand: c.brand,
    cardNumber: c.cardNumber,
    variety: c.variety,
    sport: c.sport,
    grader: c.grader,
    grade: c.grade,
    certNumber: c.certNumber,
    thumbnailUrl:
      imageUrl(fundId, c.cardId, 'front', 'thumb', c.frontImageAt, c.frontThumbKey) ??
      imageUrl(fundId, c.cardId, 'back', 'thumb', c.backImageAt, c.backThumbKey),
  };
}

/** Live holdings with today's marks and weights. */
async function holdingsWithMarks(ctx: ReadCtx, fundId: string, rows: HoldingJoin[]) {
  const marks = new Map((await marksOn(ctx.db, { fundId, day: today(ctx), holdingIds: rows.map((r) => r.h.id) })).map((m) => [m.holdingId, m]));
  const liveTotal = rows.filter((r) => !r.h.disposedOn).reduce((s, r) => s + (marks.get(r.h.id)?.valueCents ?? 0), 0);
  return rows.map((r) => {
    const m = marks.get(r.h.id);
    const value = r.h.disposedOn ? 0 : (m?.valueCents ?? r.h.costBasisCents);
    return {
      id: r.h.id,
      ...cardFacts(fundId, r),
      costBasisCents: r.h.costBasisCents,
      acquiredOn: r.h.acquiredOn,
      markCents: value,
      markSource: m?.source ?? ('cost' as const),
      markedOn: m?.markedOn ?? null,
      weight: liveTotal > 0 ? value / liveTotal : 0,
      constituentId: r.h.constituentId,
    };
  });
}

function slices(items: { key: string; label: string; valueCents: number }[]): AllocationSlice[] {
  const m = new Map<string, { label: string; valueCents: number }>();
  for (const i of items) m.set(i.key, { label: i.label, valueCents: (m.get(i.key)?.valueCents ?? 0) + i.valueCents });
  const total = [...m.values()].reduce((s, v) => s + v.valueCents, 0);
  return [...m.entries()]
    .map(([key, v]) => ({ key, label: v.label, valueCents: v.valueCents, weight: total > 0 ? v.valueCents / total : 0 }))
    .sort((a, b) => b.valueCents - a.valueCents);
}

/** The index level on or before each day (rebased to 100 at the first day that has one). */
async function indexOn(db: Db, days: string[]) {
  if (days.length === 0) return [];
  const levels = await indexLevelsUpTo({ db }, { day: days.at(-1)! });
  if (levels.length === 0) return [];
  const out: { date: string; level: number }[] = [];
  let i = 0;
  let current: number | null = null;
  for (const d of days) {
    while (i < levels.length && levels[i].day <= d) current = levels[i++].level;
    if (current !== null) out.push({ date: d, level: current });
  }
  const base = out[0]?.level;
  return base ? out.map((p) => ({ ...p, rebased: (p.level / base) * 100 })) : [];
}

/** GET /api/funds/{id}: public facts, holdings, NAV series with the index, allocation, and the caller's own position and requests. */
export async function fundDetail(ctx: ReadCtx, actor: SignedInActor, input: { id: string }): Promise<FundDetail> {
  const f = await loadFund(ctx.db, input.id);
  const vals = await valuationsOf(ctx.db, [f.id]);
  const rows = await holdingRows(ctx.db, f.id, { live: true });
  const holdings = await holdingsWithMarks(ctx, f.id, rows);
  const holdingsValueCents = holdings.reduce((s, h) => s + h.markCents, 0);
  const firstPrice = vals[0] ? vPrice(f, vals[0]) : null;
  const navSeries = vals.map((v) => ({
    date: v.valuedOn,
    navCents: v.navCents,
    navPerUnitCents: vPrice(f, v),
    rebased: firstPrice ? (vPrice(f, v) / firstPrice) * 100 : 100,
  }));
  const ledger = await ledgerOf(ctx.db, f.id, actor.user.id);
  const hasPosition = ledger.unitsMicro > 0 || ledger.pendingSubscriptionCents > 0 || ledger.pendingRedemptionUnitsMicro > 0;
  const requests = await ctx.db
    .select()
    .from(fundRequests)
    .where(and(eq(fundRequests.fundId, f.id), eq(fundRequests.userId, actor.user.id)))
    .orderBy(desc(fundRequests.createdAt))
    .limit(20);
  return {
    ...toCard(f, vals, holdings.length),
    documents: f.documents,
    holdings,
    navSeries,
    indexSeries: await indexOn(
      ctx.db,
      vals.map((v) => v.valuedOn),
    ),
    allocation: {
      bySport: slices(holdings.map((h) => ({ key: h.sport, label: sportLabels[h.sport], valueCents: h.markCents }))),
      byGrade: slices(
        holdings.map((h) => ({
          key: `${h.grader} ${h.grade ?? 'Ungraded'}`,
          label: `${h.grader} ${h.grade ?? 'Ungraded'}`,
          valueCents: h.markCents,
        })),
      ),
    },
    holdingsValueCents,
    cashCents: f.cashCents,
    position: hasPosition ? toPosition(f, vals.at(-1), ledger) : null,
    requests: requests.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      amountCents: r.amountCents,
      unitsMicro: r.unitsMicro,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** GET /api/funds/{fundId}/cards/{cardId}: one holding (the latest time the card was in the fund). */
export async function holdingDetail(ctx: ReadCtx, _actor: SignedInActor, input: { fundId: string; cardId: string }): Promise<FundHoldingDetail> {
  const f = await loadFund(ctx.db, input.fundId);
  const rows = await holdingRows(ctx.db, f.id, { cardId: input.cardId });
  const row = rows.sort((a, b) => (a.h.acquiredOn < b.h.acquiredOn ? 1 : -1))[0];
  if (!row) throw notFound(fundMessages.holdingNotFound);
  const [h] = await holdingsWithMarks(ctx, f.id, [row]);
  const fromValuations = await ctx.db
    .select({ date: fundValuations.valuedOn, valueCents: fundValuationLines.valueCents, source: fundValuationLines.source })
    .from(fundValuationLines)
    .innerJoin(fundValuations, eq(fundValuations.id, fundValuationLines.valuationId))
    .where(eq(fundValuationLines.holdingId, row.h.id));
  const manual = await ctx.db
    .select({ date: fundMarks.markedOn, valueCents: fundMarks.valueCents, by: users.name, note: fundMarks.note })
    .from(fundMarks)
    .leftJoin(users, eq(users.id, fundMarks.setBy))
    .where(eq(fundMarks.holdingId, row.h.id));
  const markHistory = [
    ...fromValuations.map((v) => ({ date: v.date, valueCents: v.valueCents, source: v.source, by: null, note: null })),
    ...manual.map((m) => ({ date: m.date, valueCents: m.valueCents, source: 'manual' as const, by: m.by ?? null, note: m.note })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const events = await ctx.db.select().from(cardEvents).where(eq(cardEvents.cardId, row.h.cardId)).orderBy(asc(cardEvents.seq));
  const provenance = [
    ...events
      // Only what says where the card has been, never who owned it before the fund (members' identities).
      .filter((e) => e.kind !== 'edited' && e.kind !== 'image_added')
      .map((e) => ({
        kind: e.kind,
        label: cardEventLabels[e.kind],
        at: e.at.toISOString(),
        detail: e.kind === 'custody_changed' ? `${String(e.data.from ?? '')} → ${String(e.data.to ?? '')}` : null,
      })),
    {
      kind: 'fund_acquired',
      label: `Acquired by ${f.name}`,
      at: `${row.h.acquiredOn}T00:00:00.000Z`,
      detail: `Cost basis ${formatCents(row.h.costBasisCents)}`,
    },
    ...(row.h.disposedOn
      ? [
          {
            kind: 'fund_disposed',
            label: `Sold by ${f.name}`,
            at: `${row.h.disposedOn}T00:00:00.000Z`,
            detail: `Proceeds ${formatCents(row.h.proceedsCents ?? 0)}`,
          },
        ]
      : []),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const c = row.c;
  return {
    fund: { id: f.id, name: f.name, slug: f.slug },
    holding: {
      ...h,
      custody: c.custody,
      disposedOn: row.h.disposedOn,
      proceedsCents: row.h.proceedsCents,
      frontImageUrl: imageUrl(f.id, c.cardId, 'front', 'full', c.frontImageAt, c.frontFullKey),
      backImageUrl: imageUrl(f.id, c.cardId, 'back', 'full', c.backImageAt, c.backFullKey),
    },
    markHistory,
    provenance,
  };
}

/** GET /api/funds/{fundId}/cards/{cardId}/images/{side}: a holding's photo, to any member (the fund's cards are public to investors). */
export async function holdingImage(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  _actor: SignedInActor,
  input: { fundId: string; cardId: string; side: CardImageSide; size: CardImageSize },
) {
  const [row] = await ctx.db
    .select({ c: cardFactColumns })
    .from(fundHoldings)
    .innerJoin(cards, eq(cards.id, fundHoldings.cardId))
    .where(and(eq(fundHoldings.fundId, input.fundId), eq(fundHoldings.cardId, input.cardId)))
    .limit(1);
  if (!row) throw notFound(fundMessages.holdingNotFound);
  const front = input.side === 'front';
  const c = row.c;
  const key = input.size === 'thumb' ? (front ? c.frontThumbKey : c.backThumbKey) : front ? c.frontFullKey : c.backFullKey;
  const at = front ? c.frontImageAt : c.backImageAt;
  const data = key ? await ctx.storage.get(key) : null;
  if (!data || !at) throw notFound('No photo');
  return { data, at };
}

// ---------------------------------------------------------------------------------------------
// Member requests
// ---------------------------------------------------------------------------------------------

/** POST /api/funds/{id}/subscription-requests */
export async function requestSubscription(ctx: Ctx, actor: SignedInActor, input: { fundId: string; amountCents: number; note?: string }) {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const f = await loadFund(uow.tx, input.fundId);
    await checkSubscription(uow.tx, f, { userId: actor.user.id, amountCents: input.amountCents });
    const [r] = await uow.tx
      .insert(fundRequests)
      .values({ fundId: f.id, userId: actor.user.id, kind: 'subscription', amountCents: input.amountCents, note: input.note || null, createdAt: now })
      .returning();
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'fund.subscription_requested',
      targetType: 'fund_request',
      targetId: r.id,
      data: { fundId: f.id, amountCents: input.amountCents },
      at: now,
    });
    await fundRequestNew(
      uow,
      { fundId: f.id, fundName: f.name, memberName: actor.user.name, kind: 'subscription', amountCents: input.amountCents, unitsMicro: null },
      now,
    );
    uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: f.id, reason: 'request', members: [{ userId: actor.user.id }] }));
    return {
      request: { id: r.id, kind: r.kind, status: r.status, amountCents: r.amountCents, unitsMicro: null, createdAt: r.createdAt.toISOString() },
      message: fundMessages.subscriptionRequested,
    };
  });
}

/** POST /api/funds/{id}/redemption-requests */
export async function requestRedemption(
  ctx: Ctx,
  actor: SignedInActor,
  input: { fundId: string; unitsMicro?: number; all?: boolean; note?: string },
) {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const f = await loadFund(uow.tx, input.fundId, { lock: true });
    const available = await redeemableUnits(uow.tx, f.id, actor.user.id);
    const units = input.all ? available : (input.unitsMicro ?? 0);
    checkRedemption(units, available);
    const [r] = await uow.tx
      .insert(fundRequests)
      .values({ fundId: f.id, userId: actor.user.id, kind: 'redemption', unitsMicro: units, note: input.note || null, createdAt: now })
      .returning();
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'fund.redemption_requested',
      targetType: 'fund_request',
      targetId: r.id,
      data: { fundId: f.id, unitsMicro: units },
      at: now,
    });
    await fundRequestNew(
      uow,
      { fundId: f.id, fundName: f.name, memberName: actor.user.name, kind: 'redemption', amountCents: null, unitsMicro: units },
      now,
    );
    uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: f.id, reason: 'request', members: [{ userId: actor.user.id }] }));
    return {
      request: { id: r.id, kind: r.kind, status: r.status, amountCents: null, unitsMicro: r.unitsMicro, createdAt: r.createdAt.toISOString() },
      message: fundMessages.redemptionRequested,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Staff reads
// ---------------------------------------------------------------------------------------------

/**
 * The user ids a manager may act for (their clients who accepted the invitation, decision 127),
 * or null for an admin (everyone).
 */
async function scopedUserIds(db: Db, actor: SignedInActor): Promise<string[] | null> {
  if (investorScope(actor.user) === null) return null;
  return clientDirectory().actingClientIds(db, actor.user);
}

async function requireInScope(db: Db, actor: SignedInActor, userId: string) {
  const scope = await scopedUserIds(db, actor);
  if (scope && !scope.includes(userId)) throw notFound(fundMessages.investorNotFound);
}

async function summaries(db: Db, fs: FundRow[]): Promise<AdminFundSummary[]> {
  const ids = fs.map((f) => f.id);
  const vals = byFund(await valuationsOf(db, ids));
  const counts = await liveHoldingCounts(db, ids);
  const l = await ledgers(db, { fundIds: ids });
  const pendingReq = ids.length
    ? await db
        .select({ fundId: fundRequests.fundId, n: count() })
        .from(fundRequests)
        .where(and(inArray(fundRequests.fundId, ids), eq(fundRequests.status, 'pending')))
        .groupBy(fundRequests.fundId)
    : [];
  const pendingTx = ids.length
    ? await db
        .select({ fundId: fundTransactions.fundId, n: count() })
        .from(fundTransactions)
        .where(and(inArray(fundTransactions.fundId, ids), eq(fundTransactions.status, 'pending')))
        .groupBy(fundTransactions.fundId)
    : [];
  return fs.map((f) => {
    const last = vals.get(f.id)?.at(-1);
    return {
      id: f.id,
      name: f.name,
      slug: f.slug,
      status: f.status,
      aumCents: last ? positionValueCents(f.unitsMicro, priceOf(f, last)) : f.cashCents,
      cashCents: f.cashCents,
      investorCount: [...l.values()].filter((x) => x.fundId === f.id && x.unitsMicro > 0).length,
      holdingsCount: counts.get(f.id) ?? 0,
      unitsMicro: f.unitsMicro,
      navPerUnitCents: last ? vPrice(f, last) : f.initialUnitPriceCents,
      lastValuedOn: last?.valuedOn ?? null,
      pendingRequests: Number(pendingReq.find((p) => p.fundId === f.id)?.n ?? 0),
      pendingTransactions: Number(pendingTx.find((p) => p.fundId === f.id)?.n ?? 0),
    };
  });
}

/** GET /api/admin/funds */
export async function adminFunds(ctx: ReadCtx, _actor: SignedInActor) {
  const fs = await ctx.db.select().from(funds).orderBy(asc(funds.name));
  return { funds: await summaries(ctx.db, fs) };
}

const personOf = (u: { id: string; name: string | null; phone: string }) => ({ id: u.id, name: u.name, phone: u.phone });

/** GET /api/admin/funds/{id}: every tab of the manage page. A manager sees only their clients' investors, transactions and requests. */
export async function adminFundDetail(ctx: ReadCtx, actor: SignedInActor, input: { id: string }): Promise<AdminFundDetail> {
  const { db } = ctx;
  const f = await loadFund(db, input.id);
  const [summary] = await summaries(db, [f]);
  const scope = await scopedUserIds(db, actor);
  const inScope = <T extends { userId: string }>(rows: T[]) => (scope ? rows.filter((r) => scope.includes(r.userId)) : rows);
  const rows = await holdingRows(db, f.id);
  const marked = await holdingsWithMarks(ctx, f.id, rows);
  const vals = await valuationsOf(db, [f.id]);
  const last = vals.at(-1);
  const usersById = async (ids: string[]) =>
    ids.length
      ? await db
          .select({ id: users.id, name: users.name, phone: users.phone })
          .from(users)
          .where(inArray(users.id, [...new Set(ids)]))
      : [];
  const creators = new Map((await usersById(vals.map((v) => v.createdBy).filter((x): x is string => !!x))).map((u) => [u.id, u.name]));
  const l = inScope([...(await ledgers(db, { fundIds: [f.id] })).values()]);
  const people = new Map((await usersById(l.map((x) => x.userId))).map((u) => [u.id, u]));
  const dealtCounts = new Map(
    (
      await db
        .select({ id: fundTransactions.valuationId, n: count() })
        .from(fundTransactions)
        .where(and(eq(fundTransactions.fundId, f.id), eq(fundTransactions.status, 'dealt'), sql`${fundTransactions.kind} <> 'fee'`))
        .groupBy(fundTransactions.valuationId)
    ).map((r) => [r.id, Number(r.n)]),
  );
  const txs = inScope(
    await db
      .select({ t: fundTransactions, u: { id: users.id, name: users.name, phone: users.phone }, userId: fundTransactions.userId })
      .from(fundTransactions)
      .innerJoin(users, eq(users.id, fundTransactions.userId))
      .where(eq(fundTransactions.fundId, f.id))
      .orderBy(desc(fundTransactions.createdAt), desc(fundTransactions.id))
      .limit(500),
  );
  const valPrice = new Map(vals.map((v) => [v.id, vPrice(f, v)]));
  const reqs = inScope(
    await db
      .select({
        r: fundRequests,
        u: { id: users.id, name: users.name, phone: users.phone },
        userId: fundRequests.userId,
        decider: sql<string | null>`(select ${deciders.name} from ${deciders} where ${deciders.id} = ${fundRequests.decidedBy})`,
      })
      .from(fundRequests)
      .innerJoin(users, eq(users.id, fundRequests.userId))
      .where(eq(fundRequests.fundId, f.id))
      .orderBy(desc(fundRequests.createdAt))
      .limit(500),
  );
  return {
    fund: {
      ...summary,
      description: f.description,
      strategy: f.strategy,
      documents: f.documents,
      minimumInvestmentCents: f.minimumInvestmentCents,
      managementFeeBps: f.managementFeeBps,
      inceptionDate: f.inceptionDate,
      initialUnitPriceCents: f.initialUnitPriceCents,
    },
    holdings: marked.map((h, i) => ({
      ...h,
      disposedOn: rows[i].h.disposedOn,
      proceedsCents: rows[i].h.proceedsCents,
      acquiredFrom: rows[i].h.acquiredFrom,
    })),
    valuations: [...vals].reverse().map((v) => ({
      id: v.id,
      valuedOn: v.valuedOn,
      holdingsValueCents: v.holdingsValueCents,
      cashCents: v.cashCents,
      feeCents: v.feeCents,
      navCents: v.navCents,
      unitsMicro: v.unitsMicro,
      navPerUnitCents: vPrice(f, v),
      subscriptionsCents: v.subscriptionsCents,
      redemptionsCents: v.redemptionsCents,
      unitsAfterMicro: v.unitsAfterMicro,
      cashAfterCents: v.cashAfterCents,
      dealtCount: dealtCounts.get(v.id) ?? 0,
      createdBy: v.createdBy ? (creators.get(v.createdBy) ?? null) : null,
      createdAt: v.createdAt.toISOString(),
    })),
    investors: l
      .filter((x) => x.unitsMicro > 0 || x.pendingSubscriptionCents > 0 || x.pendingRedemptionUnitsMicro > 0)
      .map((x) => ({
        user: personOf(people.get(x.userId) ?? { id: x.userId, name: null, phone: '' }),
        unitsMicro: x.unitsMicro,
        valueCents: valueAtLast(f, last, x.unitsMicro),
        investedCents: x.investedCents,
        pendingSubscriptionCents: x.pendingSubscriptionCents,
        pendingRedemptionUnitsMicro: x.pendingRedemptionUnitsMicro,
      }))
      .sort((a, b) => b.unitsMicro - a.unitsMicro),
    transactions: txs.map(({ t, u }) => toTransaction(t, u, t.valuationId ? (valPrice.get(t.valuationId) ?? null) : null)),
    requests: reqs.map(({ r, u, decider }) => toRequest(r, u, decider)),
  };
}

function toTransaction(
  t: typeof fundTransactions.$inferSelect,
  u: { id: string; name: string | null; phone: string },
  price: number | null,
): FundTransaction {
  return {
    id: t.id,
    fundId: t.fundId,
    kind: t.kind,
    status: t.status,
    source: t.source,
    user: personOf(u),
    amountCents: t.amountCents,
    unitsMicro: t.unitsMicro,
    navPerUnitCents: price,
    dealtOn: t.dealtOn,
    valuationId: t.valuationId,
    note: t.note,
    createdAt: t.createdAt.toISOString(),
  };
}

function toRequest(r: typeof fundRequests.$inferSelect, u: { id: string; name: string | null; phone: string }, decider: string | null): FundRequest {
  return {
    id: r.id,
    fundId: r.fundId,
    kind: r.kind,
    status: r.status,
    user: personOf(u),
    amountCents: r.amountCents,
    unitsMicro: r.unitsMicro,
    note: r.note,
    decisionNote: r.decisionNote,
    decidedBy: decider,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    transactionId: r.transactionId,
    createdAt: r.createdAt.toISOString(),
  };
}

/** GET /api/admin/funds/{id}/candidate-cards: vaulted cards nothing holds, the house's first. */
export async function candidateCards(ctx: Pick<AppContext, 'db'>, _actor: SignedInActor, input: { fundId: string; q?: string }) {
  await loadFund(ctx.db, input.fundId);
  const house = await houseAccountId(ctx.db);
  const q = input.q?.trim();
  const rows = await ctx.db
    .select({ c: cardFactColumns, ownerId: cards.ownerId, ownerName: users.name, est: cards.estimatedValueCents, gradeValue: cards.gradeValue })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.ownerId))
    .where(
      and(
        isNull(cards.deletedAt),
        isNull(cards.holdKind),
        eq(cards.custody, 'in_vault'),
        q ? sql`(${cards.subject} ilike ${`%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} or ${cards.certNumber} = ${q})` : undefined,
      ),
    )
    .orderBy(sql`${cards.ownerId} = ${house} desc`, asc(cards.subject))
    .limit(100);
  const out = [];
  for (const r of rows) {
    const c = r.c;
    out.push({
      cardId: c.cardId,
      subject: c.subject,
      year: c.year,
      brand: c.brand,
      cardNumber: c.cardNumber,
      variety: c.variety,
      sport: c.sport,
      grader: c.grader,
      grade: c.grade,
      certNumber: c.certNumber,
      // Staff see any card's photos through the cards module's own route.
      thumbnailUrl: c.frontThumbKey && c.frontImageAt ? `/api/cards/${c.cardId}/images/front?size=thumb&v=${c.frontImageAt.getTime()}` : null,
      ownerId: r.ownerId,
      ownerName: r.ownerName,
      fromHouse: r.ownerId === house,
      estimatedValueCents: r.est,
      constituentId: await matchConstituent(ctx.db, { ...c, gradeValue: r.gradeValue }),
    });
  }
  return { cards: out };
}

/** The live index constituent with the card's identity (player, year, set, number, variety, grader, grade), or null. */
async function matchConstituent(
  db: Db,
  c: {
    subject: string;
    year: number;
    brand: string;
    cardNumber: string | null;
    variety: string | null;
    grader: string;
    grade: string | null;
    gradeValue?: number | null;
  },
): Promise<string | null> {
  const grade = c.gradeValue ?? gradeValueFromLabel(c.grade);
  if (grade === null || c.grader === 'raw') return null;
  return matchingConstituent({ db }, { ...c, gradeValue: grade });
}

// ---------------------------------------------------------------------------------------------
// Admin writes: the fund
// ---------------------------------------------------------------------------------------------

const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'fund';

const slugTaken = () => new AppError('conflict', fundMessages.slugTaken, { fieldErrors: { slug: [fundMessages.slugTaken] } });

/** POST /api/admin/funds */
export async function createFund(
  ctx: Ctx,
  actor: SignedInActor,
  input: { fund: CreateFundInput & { initialUnitPriceCents: number } },
): Promise<AdminFundDetail> {
  const now = ctx.clock.now();
  const v = input.fund;
  if (v.inceptionDate > dayOf(now))
    throw new AppError('bad_request', fundMessages.dateFuture, { fieldErrors: { inceptionDate: [fundMessages.dateFuture] } });
  let id: string;
  try {
    id = await inTransaction(ctx, async (uow) => {
      const [row] = await uow.tx
        .insert(funds)
        .values({
          name: v.name,
          slug: v.slug ?? slugify(v.name),
          description: v.description ?? '',
          strategy: v.strategy ?? '',
          documents: v.documents ?? '',
          status: v.status ?? 'open',
          minimumInvestmentCents: v.minimumInvestmentCents,
          managementFeeBps: v.managementFeeBps,
          inceptionDate: v.inceptionDate,
          initialUnitPriceCents: v.initialUnitPriceCents,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: funds.id });
      await audit(uow.tx, { ...auditBy(actor), action: 'fund.created', targetType: 'fund', targetId: row.id, data: { ...v }, at: now });
      uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: row.id, reason: 'fund', everyone: true }));
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
  return adminFundDetail(ctx, actor, { id });
}

/** PATCH /api/admin/funds/{id}: facts and status (cash and units are never edited). */
export async function patchFund(ctx: Ctx, actor: SignedInActor, input: { id: string; patch: PatchFundInput }): Promise<AdminFundDetail> {
  const now = ctx.clock.now();
  try {
    await inTransaction(ctx, async (uow) => {
      const before = await loadFund(uow.tx, input.id, { lock: true });
      await uow.tx
        .update(funds)
        .set({ ...input.patch, updatedAt: now })
        .where(eq(funds.id, before.id));
      const changed = Object.fromEntries(Object.entries(input.patch).map(([k, val]) => [k, { from: before[k as keyof FundRow], to: val }]));
      await audit(uow.tx, { ...auditBy(actor), action: 'fund.updated', targetType: 'fund', targetId: before.id, data: changed, at: now });
      uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: before.id, reason: 'fund', everyone: true }));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
  return adminFundDetail(ctx, actor, { id: input.id });
}

// ---------------------------------------------------------------------------------------------
// Admin writes: holdings
// ---------------------------------------------------------------------------------------------

function checkDay(field: string, day: string, opts: { from?: string; fromMessage?: string; today: string }) {
  if (day > opts.today) throw new AppError('bad_request', fundMessages.dateFuture, { fieldErrors: { [field]: [fundMessages.dateFuture] } });
  if (opts.from && day < opts.from) {
    const msg = opts.fromMessage ?? fundMessages.dateBeforeInception;
    throw new AppError('bad_request', msg, { fieldErrors: { [field]: [msg] } });
  }
}

/**
 * POST /api/admin/funds/{id}/holdings: a vaulted card goes into the fund, its cost out of the
 * fund's cash. A house card is held where it is (holdCards); a member's card is bought: ownership
 * moves to the house with the fund's hold (transferCard), decision 022.
 */
export async function addHolding(ctx: Ctx, actor: SignedInActor, input: { fundId: string; holding: AddHoldingInput }) {
  await applyAddHolding(ctx, actor, input);
  return adminFundDetail(ctx, actor, { id: input.fundId });
}

/** addHolding without the manage page's answer (the demo seed buys dozens); returns the holding. */
export async function applyAddHolding(ctx: Ctx, actor: SignedInActor, input: { fundId: string; holding: AddHoldingInput }) {
  const now = ctx.clock.now();
  const v = input.holding;
  const house = await houseAccountId(ctx.db);
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const f = await loadFund(tx, input.fundId, { lock: true });
    checkDay('acquiredOn', v.acquiredOn, { from: f.inceptionDate, today: dayOf(now) });
    if (v.costBasisCents > f.cashCents) {
      const msg = fundMessages.cashShort(formatCents(f.cashCents));
      throw new AppError('conflict', msg, { fieldErrors: { costBasisCents: [msg] } });
    }
    const [card] = await lockCards(tx, [v.cardId]);
    if (card.custody !== 'in_vault') throw new AppError('conflict', fundMessages.cardNotVaulted);
    const id = randomUUID();
    const by = auditBy(actor);
    const fromHouse = card.ownerId === house;
    if (fromHouse) {
      await holdCards(uow, by, {
        cardIds: [card.id],
        kind: 'fund',
        ref: id,
        at: now,
        require: { custody: ['in_vault'], custodyMessage: fundMessages.cardNotVaulted },
        log: ctx.log,
      });
    } else {
      await transferCard(uow, by, {
        cardId: card.id,
        toOwnerId: house,
        at: now,
        hold: { kind: 'fund', ref: id },
        data: { fundId: f.id, holdingId: id, priceCents: v.costBasisCents },
        log: ctx.log,
      });
    }
    const constituentId = await matchConstituent(tx, card);
    await tx.insert(fundHoldings).values({
      id,
      fundId: f.id,
      cardId: card.id,
      constituentId,
      acquiredFrom: fromHouse ? 'house' : 'member',
      costBasisCents: v.costBasisCents,
      acquiredOn: v.acquiredOn,
      createdBy: actor.user.id,
      createdAt: now,
    });
    await tx
      .update(funds)
      .set({ cashCents: f.cashCents - v.costBasisCents, updatedAt: now })
      .where(eq(funds.id, f.id));
    await audit(tx, {
      ...by,
      action: 'fund.holding_added',
      targetType: 'fund',
      targetId: f.id,
      data: {
        holdingId: id,
        cardId: card.id,
        fromOwnerId: card.ownerId,
        costBasisCents: v.costBasisCents,
        acquiredOn: v.acquiredOn,
        constituentId,
        note: v.note ?? null,
      },
      at: now,
    });
    uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: f.id, reason: 'holding', everyone: true }));
    return { id, constituentId };
  });
}

async function loadHolding(db: Db, fundId: string, holdingId: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(fundHoldings)
    .where(and(eq(fundHoldings.id, holdingId), eq(fundHoldings.fundId, fundId)))
    .limit(1);
  const [h] = opts.lock ? await q.for('update') : await q;
  if (!h) throw notFound(fundMessages.holdingNotFound);
  return h;
}

/** POST /api/admin/funds/{id}/holdings/{holdingId}/marks: a manual mark for a card the index does not follow. */
export async function markHolding(ctx: Ctx, actor: SignedInActor, input: { fundId: string; holdingId: string; mark: MarkHoldingInput }) {
  await applyMark(ctx, actor, input);
  return adminFundDetail(ctx, actor, { id: input.fundId });
}

export async function applyMark(ctx: Ctx, actor: SignedInActor, input: { fundId: string; holdingId: string; mark: MarkHoldingInput }) {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const h = await loadHolding(uow.tx, input.fundId, input.holdingId, { lock: true });
    if (h.disposedOn) throw new AppError('conflict', fundMessages.holdingDisposed);
    if (h.constituentId) throw new AppError('conflict', fundMessages.holdingIndexMarked);
    checkDay('markedOn', input.mark.markedOn, {
      from: h.acquiredOn,
      fromMessage: 'A mark cannot be dated before the card was acquired',
      today: dayOf(now),
    });
    const [m] = await uow.tx
      .insert(fundMarks)
      .values({
        holdingId: h.id,
        markedOn: input.mark.markedOn,
        valueCents: input.mark.valueCents,
        note: input.mark.note || null,
        setBy: actor.user.id,
        createdAt: now,
      })
      .returning({ id: fundMarks.id });
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'fund.holding_marked',
      targetType: 'fund',
      targetId: h.fundId,
      data: { holdingId: h.id, markId: m.id, ...input.mark },
      at: now,
    });
    uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: h.fundId, reason: 'holding', everyone: true }));
  });
}

/** POST /api/admin/funds/{id}/holdings/{holdingId}/dispose: sold; proceeds into cash, the card released (it stays the house's). */
export async function disposeHolding(ctx: Ctx, actor: SignedInActor, input: { fundId: string; holdingId: string; disposal: DisposeHoldingInput }) {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const f = await loadFund(uow.tx, input.fundId, { lock: true });
    const h = await loadHolding(uow.tx, f.id, input.holdingId, { lock: true });
    if (h.disposedOn) throw new AppError('conflict', fundMessages.holdingDisposed);
    const last = await lastValuationDay(uow.tx, f.id);
    checkDay('disposedOn', input.disposal.disposedOn, {
      from: last && last > h.acquiredOn ? addDays(last, 1) : h.acquiredOn,
      fromMessage: 'A disposal must be dated after the card was acquired and after the last valuation',
      today: dayOf(now),
    });
    await uow.tx
      .update(fundHoldings)
      .set({ disposedOn: input.disposal.disposedOn, proceedsCents: input.disposal.proceedsCents })
      .where(eq(fundHoldings.id, h.id));
    await releaseCards(uow, auditBy(actor), { kind: 'fund', ref: h.id, at: now, log: ctx.log });
    await uow.tx
      .update(funds)
      .set({ cashCents: f.cashCents + input.disposal.proceedsCents, updatedAt: now })
      .where(eq(funds.id, f.id));
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'fund.holding_disposed',
      targetType: 'fund',
      targetId: f.id,
      data: { holdingId: h.id, cardId: h.cardId, ...input.disposal },
      at: now,
    });
    uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: f.id, reason: 'holding', everyone: true }));
  });
  return adminFundDetail(ctx, actor, { id: input.fundId });
}

// ---------------------------------------------------------------------------------------------
// Staff writes: transactions and requests (admins, and managers for their own clients)
// ---------------------------------------------------------------------------------------------

/** POST /api/admin/funds/{id}/transactions: a subscription or redemption recorded for a member, dealt at the next valuation. */
export async function recordTransaction(
  ctx: Ctx,
  actor: SignedInActor,
  input: { fundId: string; tx: RecordTransactionInput },
): Promise<FundTransaction> {
  const now = ctx.clock.now();
  const v = input.tx;
  await requireInScope(ctx.db, actor, v.userId);
  return inTransaction(ctx, async (uow) => {
    const f = await loadFund(uow.tx, input.fundId, { lock: true });
    const [u] = await uow.tx.select({ id: users.id, name: users.name, phone: users.phone }).from(users).where(eq(users.id, v.userId)).limit(1);
    if (!u) throw notFound(fundMessages.investorNotFound);
    let values: typeof fundTransactions.$inferInsert;
    if (v.kind === 'subscription') {
      await checkSubscription(uow.tx, f, { userId: u.id, amountCents: v.amountCents });
      values = {
        fundId: f.id,
        userId: u.id,
        kind: 'subscription',
        source: 'admin',
        amountCents: v.amountCents,
        note: v.note || null,
        createdBy: actor.user.id,
        createdAt: now,
        updatedAt: now,
      };
    } else {
      checkRedemption(v.unitsMicro, await redeemableUnits(uow.tx, f.id, u.id));
      values = {
        fundId: f.id,
        userId: u.id,
        kind: 'redemption',
        source: 'admin',
        unitsMicro: -v.unitsMicro,
        note: v.note || null,
        createdBy: actor.user.id,
        createdAt: now,
        updatedAt: now,
      };
    }
    const [t] = await uow.tx.insert(fundTransactions).values(values).returning();
    await audit(uow.tx, {
      ...auditBy(actor),
      action: `fund.${v.kind}_recorded`,
      targetType: 'fund_transaction',
      targetId: t.id,
      data: { fundId: f.id, ...v },
      at: now,
    });
    uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: f.id, reason: 'transaction', members: [{ userId: u.id }] }));
    return toTransaction(t, u, null);
  });
}

/** POST /api/admin/funds/{id}/transactions/{transactionId}/cancel: only while it waits for a valuation. */
export async function cancelTransaction(ctx: Ctx, actor: SignedInActor, input: { fundId: string; transactionId: string }): Promise<FundTransaction> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    await loadFund(uow.tx, input.fundId, { lock: true });
    const [row] = await uow.tx
      .select({ t: fundTransactions, u: { id: users.id, name: users.name, phone: users.phone } })
      .from(fundTransactions)
      .innerJoin(users, eq(users.id, fundTransactions.userId))
      .where(and(eq(fundTransactions.id, input.transactionId), eq(fundTransactions.fundId, input.fundId)))
      .limit(1);
    if (!row) throw notFound(fundMessages.transactionNotFound);
    await requireInScope(uow.tx, actor, row.t.userId);
    if (row.t.status !== 'pending') throw new AppError('conflict', fundMessages.transactionNotPending);
    const t = await transition(uow, fundTransactionAggregate, { id: row.t.id, from: 'pending', to: 'cancelled', actor, now });
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'fund.transaction_cancelled',
      targetType: 'fund_transaction',
      targetId: t.id,
      data: { fundId: t.fundId },
      at: now,
    });
    uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: t.fundId, reason: 'transaction', members: [{ userId: t.userId }] }));
    return toTransaction(t, row.u, null);
  });
}

/** POST /api/admin/funds/{id}/requests/{requestId}/decision: accept (a pending transaction) or decline. */
export async function decideRequest(
  ctx: Ctx,
  actor: SignedInActor,
  input: { fundId: string; requestId: string; decision: DecideRequestInput },
): Promise<FundRequest> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const f = await loadFund(tx, input.fundId, { lock: true });
    const [row] = await tx
      .select({ r: fundRequests, u: { id: users.id, name: users.name, phone: users.phone } })
      .from(fundRequests)
      .innerJoin(users, eq(users.id, fundRequests.userId))
      .where(and(eq(fundRequests.id, input.requestId), eq(fundRequests.fundId, f.id)))
      .limit(1)
      .for('update', { of: fundRequests });
    if (!row) throw notFound(fundMessages.requestNotFound);
    await requireInScope(tx, actor, row.r.userId);
    if (row.r.status !== 'pending') throw new AppError('conflict', fundMessages.requestNotPending);
    const r = row.r;
    let transactionId: string | null = null;
    if (input.decision.decision === 'accept') {
      let values: typeof fundTransactions.$inferInsert;
      if (r.kind === 'subscription') {
        await checkSubscription(tx, f, { userId: r.userId, amountCents: r.amountCents ?? 0 });
        values = {
          fundId: f.id,
          userId: r.userId,
          kind: 'subscription',
          source: 'request',
          amountCents: r.amountCents,
          requestId: r.id,
          createdBy: actor.user.id,
          createdAt: now,
          updatedAt: now,
        };
      } else {
        checkRedemption(r.unitsMicro ?? 0, await redeemableUnits(tx, f.id, r.userId, { exceptRequestId: r.id }));
        values = {
          fundId: f.id,
          userId: r.userId,
          kind: 'redemption',
          source: 'request',
          unitsMicro: -(r.unitsMicro ?? 0),
          requestId: r.id,
          createdBy: actor.user.id,
          createdAt: now,
          updatedAt: now,
        };
      }
      const [t] = await tx.insert(fundTransactions).values(values).returning({ id: fundTransactions.id });
      transactionId = t.id;
    }
    const status = input.decision.decision === 'accept' ? ('accepted' as const) : ('rejected' as const);
    const [updated] = await transitionMany(uow, fundRequestAggregate, {
      where: eq(fundRequests.id, r.id),
      from: ['pending'],
      to: status,
      actor,
      now,
      patch: { decisionNote: input.decision.note || null, decidedBy: actor.user.id, decidedAt: now, transactionId },
      data: { note: input.decision.note || null },
    });
    await audit(tx, {
      ...auditBy(actor),
      action: `fund.request_${status}`,
      targetType: 'fund_request',
      targetId: r.id,
      data: { fundId: f.id, transactionId, note: input.decision.note ?? null },
      at: now,
    });
    await fundRequestDecided(
      uow,
      { userId: r.userId, fundId: f.id, fundName: f.name, kind: r.kind, accepted: status === 'accepted', note: input.decision.note || null },
      now,
    );
    const message =
      status === 'accepted'
        ? `Your ${r.kind} request for ${f.name} was accepted; it is dealt at the next valuation.`
        : `Your ${r.kind} request for ${f.name} was declined.`;
    uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: f.id, reason: 'request', members: [{ userId: r.userId, message }] }));
    return toRequest(updated, row.u, actor.user.name);
  });
}

/** GET /api/manager/clients/{id}/fund-positions: a manager's own client who accepted them (admins: any). */
export async function clientPositions(ctx: ReadCtx, actor: SignedInActor, input: { onboardingId: string }): Promise<FundPositionsResponse> {
  const o = await clientDirectory().actingClientOf(ctx.db, actor.user, input.onboardingId);
  if (!o) throw notFound('Client not found');
  const positions = o.userId ? await positionsFor(ctx.db, o.userId) : [];
  return { positions, totals: totalsOf(positions) };
}

/** The fields a holding is matched to its index constituent by. */
const identityFields = new Set(['subject', 'year', 'brand', 'cardNumber', 'variety', 'grader', 'grade', 'gradeValue']);

/**
 * An admin corrected the identity of a card a fund holds (decision 128): the holding is matched to
 * its constituent again, so the next valuation marks it at the right price (past valuations keep
 * theirs). An appraisal or an estimate changes nothing here: fund marks never read the estimate.
 */
export const fundCardRevalued: HeldCardRevaluedHandler = async (uow, e) => {
  if (!e.fields.some((f) => identityFields.has(f))) return;
  const [h] = await uow.tx.select().from(fundHoldings).where(eq(fundHoldings.id, e.card.holdRef!)).for('update');
  if (!h) return;
  const constituentId = await matchConstituent(uow.tx, e.card);
  if (constituentId === h.constituentId) return;
  await uow.tx.update(fundHoldings).set({ constituentId }).where(eq(fundHoldings.id, h.id));
  await audit(uow.tx, {
    ...e.by,
    action: 'fund.holding_rematched',
    targetType: 'fund',
    targetId: h.fundId,
    data: { holdingId: h.id, cardId: e.card.id, from: h.constituentId, to: constituentId },
    at: e.at,
  });
  uow.afterCommit(() => fundUpdated(uow.ctx, { fundId: h.fundId, reason: 'holding', everyone: true }));
};
