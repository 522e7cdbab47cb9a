import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ALERTS_PER_MEMBER_MAX,
  alertMessages,
  savedSearchLabel,
  savedSearchSchema,
  type Alert,
  type AlertSide,
  type AlertsResponse,
  type ListingWatchTargets,
  type SavedSearch,
} from '#common/alerts.ts';
import { formatCents } from '#common/format.ts';
import { constituentName, dayOf } from '#common/market-index.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { priceAlertFirings, priceAlerts } from '#server/db/schema/alerts.ts';
import { AppError, notFound } from '#server/errors.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { inTransaction, transition, type TransitionActor, type UnitOfWork } from '#server/lib/transition.ts';
import { constituentDirectory, indexPricesOn, matchingConstituent } from '#server/modules/market-index/index.ts';
import { listingForWatch, listingMatchesSearch, type ListingForWatch } from '#server/modules/marketplace/index.ts';
import { alertAggregate, recordAlertCreated, type AlertRow } from './alerts.aggregate.ts';
import { listingMatched, priceCrossed } from './alerts.notifications.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';

// Constituents through market-index's read model (decision 135).
const constituents = constituentDirectory('constituents');

type Ctx = Pick<AppContext, 'db' | 'clock' | 'live'> & Partial<Pick<AppContext, 'log'>>;
const system: TransitionActor = { user: null, impersonatorId: null, ip: null };

const badField = (field: string, message: string) => new AppError('bad_request', message, { fieldErrors: { [field]: [message] } });

async function constituentInfo(db: Db, ids: readonly string[]) {
  if (!ids.length) return new Map<string, { id: string; name: string }>();
  const rows = await db
    .select({
      id: constituents.id,
      player: constituents.player,
      year: constituents.year,
      set: constituents.set,
      cardNumber: constituents.cardNumber,
      variety: constituents.variety,
      grader: constituents.grader,
      grade: constituents.grade,
    })
    .from(constituents)
    .where(inArray(constituents.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: constituentName(r) }]));
}

async function priceNow(ctx: Pick<AppContext, 'db' | 'clock'>, ids: readonly string[]) {
  return indexPricesOn(ctx, { constituentIds: ids, day: dayOf(ctx.clock.now()) });
}

// ------------------------------------------------------------------------------------------------
// The member's alerts
// ------------------------------------------------------------------------------------------------

export interface CreateAlert {
  kind: 'constituent' | 'search';
  targetId?: string;
  query?: Record<string, unknown>;
  above?: number;
  below?: number;
  newListings?: boolean;
}

/** POST /api/user/alerts: a new watch, checked against the constituent's price now; at most ALERTS_PER_MEMBER_MAX live ones. */
export async function createAlert(ctx: Ctx, actor: SignedInActor, input: CreateAlert): Promise<Alert> {
  const now = ctx.clock.now();
  let query: SavedSearch | null = null;
  if (input.kind === 'search') {
    const parsed = savedSearchSchema.safeParse(input.query ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw badField(`query.${issue.path.join('.') || 'q'}`, issue.message);
    }
    query = parsed.data;
  } else {
    const id = input.targetId!;
    const info = await constituentInfo(ctx.db, [id]);
    if (!info.has(id))
      throw new AppError('not_found', alertMessages.constituentNotFound, { fieldErrors: { targetId: [alertMessages.constituentNotFound] } });
    // A threshold already crossed would fire at the next import for a move that happened before the watch.
    const price = (await priceNow(ctx, [id])).get(id)?.priceCents;
    if (price !== undefined && input.above !== undefined && input.above <= price)
      throw badField('above', alertMessages.aboveCurrent(formatCents(price)));
    if (price !== undefined && input.below !== undefined && input.below >= price)
      throw badField('below', alertMessages.belowCurrent(formatCents(price)));
  }
  const memberId = actor.user.id;
  try {
    const id = await inTransaction(ctx, async ({ tx }) => {
      // One member's creates one at a time, so two at once cannot both pass the cap.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_alerts'), hashtext(${memberId}))`);
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(priceAlerts)
        .where(and(eq(priceAlerts.userId, memberId), ne(priceAlerts.status, 'removed')));
      if (n >= ALERTS_PER_MEMBER_MAX) throw new AppError('conflict', alertMessages.tooMany);
      const [row] = await tx
        .insert(priceAlerts)
        .values({
          userId: memberId,
          kind: input.kind,
          constituentId: input.kind === 'constituent' ? input.targetId! : null,
          query,
          aboveCents: input.kind === 'constituent' ? (input.above ?? null) : null,
          belowCents: input.kind === 'constituent' ? (input.below ?? null) : null,
          newListings: Boolean(input.newListings),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAlertCreated(tx, { id: row.id, actorId: memberId, at: now });
      await audit(tx, {
        ...auditBy(actor),
        action: 'price_alert.created',
        targetType: 'price_alert',
        targetId: row.id,
        data: { kind: row.kind },
        at: now,
      });
      return row.id;
    });
    return (await alertsOf(ctx, memberId, id))[0]!;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', alertMessages.duplicate, { fieldErrors: { targetId: [alertMessages.duplicate] } });
    throw err;
  }
}

async function alertsOf(ctx: Pick<AppContext, 'db' | 'clock'>, userId: string, onlyId?: string): Promise<Alert[]> {
  const rows = await ctx.db
    .select()
    .from(priceAlerts)
    .where(and(eq(priceAlerts.userId, userId), ne(priceAlerts.status, 'removed'), onlyId ? eq(priceAlerts.id, onlyId) : undefined))
    .orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id));
  const ids = [...new Set(rows.map((r) => r.constituentId).filter((x): x is string => !!x))];
  const [info, prices, firings] = await Promise.all([
    constituentInfo(ctx.db, ids),
    priceNow(ctx, ids),
    rows.length
      ? ctx.db
          .selectDistinctOn([priceAlertFirings.alertId])
          .from(priceAlertFirings)
          .where(
            inArray(
              priceAlertFirings.alertId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(priceAlertFirings.alertId, desc(priceAlertFirings.at), desc(priceAlertFirings.id))
      : [],
  ]);
  const lastById = new Map(firings.map((f) => [f.alertId, f]));
  return rows.map((r) => {
    const c = r.constituentId ? info.get(r.constituentId) : undefined;
    const last = lastById.get(r.id);
    return {
      id: r.id,
      kind: r.kind,
      status: r.status,
      constituent: c ? { ...c, lastPriceCents: prices.get(c.id)?.priceCents ?? null } : null,
      query: r.query,
      label: c ? c.name : savedSearchLabel((r.query ?? {}) as Partial<SavedSearch>),
      above: r.aboveCents,
      below: r.belowCents,
      newListings: r.newListings,
      createdAt: r.createdAt.toISOString(),
      lastFiring: last ? { at: last.at.toISOString(), reason: last.reason, priceCents: last.priceCents, listingId: last.listingId } : null,
    };
  });
}

/** GET /api/user/alerts: the caller's live alerts, newest first. */
export async function listAlerts(ctx: Pick<AppContext, 'db' | 'clock'>, actor: SignedInActor): Promise<AlertsResponse> {
  return { alerts: await alertsOf(ctx, actor.user.id), max: ALERTS_PER_MEMBER_MAX };
}

/** DELETE /api/user/alerts/{id}: stops watching. Another member's alert is not found, as an unknown one. */
export async function removeAlert(ctx: Ctx, actor: SignedInActor, input: { id: string }) {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [a] = await uow.tx
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.id, input.id), eq(priceAlerts.userId, actor.user.id)))
      .for('update');
    if (!a || a.status === 'removed') throw notFound(alertMessages.notFound);
    await transition(uow, alertAggregate, { id: a.id, from: a.status, to: 'removed', actor, now });
    await audit(uow.tx, { ...auditBy(actor), action: 'price_alert.removed', targetType: 'price_alert', targetId: a.id, at: now });
  });
}

const cardLabel = (c: ListingForWatch['card']) => [c.year, c.brand, c.subject, c.cardNumber ? `#${c.cardNumber}` : null].filter(Boolean).join(' ');

/** The constituent a listed card matches (raw cards and cards without a number or grade match none). */
async function constituentOfListing(ctx: Pick<AppContext, 'db'>, l: ListingForWatch) {
  const c = l.card;
  if (c.grader === 'raw' || c.gradeValue == null || !c.cardNumber) return null;
  return matchingConstituent(ctx, { ...c, gradeValue: c.gradeValue });
}

/** GET /api/user/alerts/listing-targets/{id}: what the listing page's Watch offers. */
export async function listingWatchTargets(ctx: Pick<AppContext, 'db' | 'clock'>, input: { listingId: string }): Promise<ListingWatchTargets> {
  const l = await listingForWatch(ctx, { listingId: input.listingId });
  if (!l) throw notFound('Listing not found');
  const constituentId = await constituentOfListing(ctx, l);
  const [info, prices] = constituentId ? await Promise.all([constituentInfo(ctx.db, [constituentId]), priceNow(ctx, [constituentId])]) : [null, null];
  const c = constituentId ? info!.get(constituentId) : undefined;
  // The same card in the gallery's words: its player and year, its grader and exact grade.
  const sameCard: Partial<SavedSearch> = { q: `${l.card.subject} ${l.card.year}`.slice(0, 100) };
  if (l.card.sport) sameCard.sport = l.card.sport;
  if (l.card.grader !== 'raw') sameCard.grader = l.card.grader;
  if (l.card.grader !== 'raw' && l.card.gradeValue != null) Object.assign(sameCard, { minGrade: l.card.gradeValue, maxGrade: l.card.gradeValue });
  return {
    constituent: c ? { ...c, lastPriceCents: prices!.get(c.id)?.priceCents ?? null } : null,
    sameCard,
    sameCardLabel: savedSearchLabel(sameCard),
  };
}

// ------------------------------------------------------------------------------------------------
// Evaluation (the alerts.evaluate job)
// ------------------------------------------------------------------------------------------------

/** Which threshold the price is past, if any. */
function sideOf(a: Pick<AlertRow, 'aboveCents' | 'belowCents'>, priceCents: number): AlertSide | null {
  if (a.aboveCents != null && priceCents >= a.aboveCents) return 'above';
  if (a.belowCents != null && priceCents <= a.belowCents) return 'below';
  return null;
}

/**
 * New prices for these constituents: each price alert on them fires once when the price is past a
 * threshold and it was armed, and re-arms when the price is back inside. One alert per
 * transaction, its row locked, so two evaluations at once tell the member once.
 */
export async function evaluatePrices(ctx: Ctx, input: { constituentIds: readonly string[] }): Promise<number> {
  const prices = await priceNow(ctx, input.constituentIds);
  if (!prices.size) return 0;
  const names = await constituentInfo(ctx.db, [...prices.keys()]);
  const candidates = await ctx.db
    .select({ id: priceAlerts.id })
    .from(priceAlerts)
    .where(
      and(
        inArray(priceAlerts.constituentId, [...prices.keys()]),
        inArray(priceAlerts.status, ['armed', 'fired']),
        sql`(${priceAlerts.aboveCents} is not null or ${priceAlerts.belowCents} is not null)`,
      ),
    );
  let fired = 0;
  for (const { id } of candidates) {
    const now = ctx.clock.now();
    fired += await inTransaction(ctx, async (uow) => {
      const [a] = await uow.tx.select().from(priceAlerts).where(eq(priceAlerts.id, id)).for('update');
      if (!a || a.status === 'removed' || !a.constituentId) return 0;
      const price = prices.get(a.constituentId)!.priceCents;
      const side = sideOf(a, price);
      let status = a.status;
      // Back inside the band, or straight across to the other side: a new crossing may fire.
      if (status === 'fired' && (side === null || side !== a.firedSide)) {
        await transition(uow, alertAggregate, {
          id: a.id,
          from: 'fired',
          to: 'armed',
          actor: system,
          now,
          patch: { firedSide: null },
          data: { note: `Re-armed at ${formatCents(price)}` },
        });
        status = 'armed';
      }
      if (status !== 'armed' || side === null) return 0;
      await transition(uow, alertAggregate, {
        id: a.id,
        from: 'armed',
        to: 'fired',
        actor: system,
        now,
        patch: { firedSide: side },
        data: { note: `Crossed ${side} at ${formatCents(price)}` },
      });
      await uow.tx.insert(priceAlertFirings).values({ alertId: a.id, reason: side, priceCents: price, at: now });
      await priceCrossed(
        uow,
        {
          userId: a.userId,
          constituentId: a.constituentId,
          name: names.get(a.constituentId)?.name ?? 'A card you watch',
          side,
          thresholdCents: side === 'above' ? a.aboveCents! : a.belowCents!,
          priceCents: price,
        },
        now,
      );
      return 1;
    });
  }
  return fired;
}

/**
 * A listing became active: every new-listings alert on its card's constituent, and every saved
 * search it matches, tells its member once (its seller excepted).
 */
export async function evaluateListing(ctx: Ctx, input: { listingId: string }): Promise<number> {
  const l = await listingForWatch(ctx, { listingId: input.listingId });
  if (!l || l.status !== 'active') return 0;
  const constituentId = await constituentOfListing(ctx, l);
  const candidates = await ctx.db
    .select({ id: priceAlerts.id, userId: priceAlerts.userId, kind: priceAlerts.kind, query: priceAlerts.query })
    .from(priceAlerts)
    .where(
      and(
        eq(priceAlerts.newListings, true),
        ne(priceAlerts.status, 'removed'),
        constituentId ? sql`(${priceAlerts.kind} = 'search' or ${priceAlerts.constituentId} = ${constituentId})` : eq(priceAlerts.kind, 'search'),
      ),
    );
  let told = 0;
  for (const a of candidates) {
    if (a.userId === l.sellerId) continue;
    if (a.kind === 'search' && !(await listingMatchesSearch(ctx, { listingId: l.id, query: a.query ?? {} }))) continue;
    const now = ctx.clock.now();
    told += await inTransaction(ctx, async (uow) => tellOfListing(uow, a.id, l, now));
  }
  return told;
}

async function tellOfListing(uow: UnitOfWork, alertId: string, l: ListingForWatch, now: Date): Promise<number> {
  const [a] = await uow.tx.select().from(priceAlerts).where(eq(priceAlerts.id, alertId)).for('update');
  if (!a || a.status === 'removed') return 0;
  const [firing] = await uow.tx
    .insert(priceAlertFirings)
    .values({ alertId, reason: 'listing', priceCents: l.priceCents, listingId: l.id, at: now })
    .onConflictDoNothing()
    .returning({ id: priceAlertFirings.id });
  if (!firing) return 0;
  await listingMatched(uow, { userId: a.userId, listingId: l.id, cardName: cardLabel(l.card), priceCents: l.priceCents }, now);
  return 1;
}

export const evaluatePayloadSchema = z.discriminatedUnion('trigger', [
  z.object({ trigger: z.literal('prices'), constituentIds: z.array(z.uuid()).min(1) }),
  z.object({ trigger: z.literal('listing'), listingId: z.uuid() }),
]);
