import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  marketplaceMessages,
  SIMILAR_LISTINGS,
  type AdminListing,
  type CreateListingInput,
  type ListedCard,
  type ListingCard,
  type ListingDetail,
  type ListingsQuery,
  type ListingsResponse,
  type ReserveResponse,
  type Seller,
} from '#common/marketplace.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { listings } from '#server/db/schema/marketplace.ts';
import { AppError, notFound } from '#server/errors.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import { inTransaction, transition, type TransitionActor, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import {
  type By,
  cardColumns,
  cardDirectory,
  cardHistory,
  type CardRow,
  holdCards,
  HOUSE_NAME,
  houseAccountId,
  live,
  psaCertRecord,
  releaseCards,
  toCard,
} from '#server/modules/cards/index.ts';
import { createInvoiceIn, invoiceAggregate, lockInvoiceStatus } from '#server/modules/money/index.ts';
import { getSetting, type SettingsReadCtx } from '#server/modules/settings/index.ts';
import { listingAggregate, listingConflict, recordCreated, type ListingRow } from './marketplace.aggregates.ts';
import { reservationLapsed } from './marketplace.notifications.ts';
import { closeOpenOffers, undercutCheck } from './listing-offers.closing.ts';
import { listingBecameActive } from './marketplace.hooks.ts';
import { isOpen, lapsedWhere, listingSelect, listingsPage, loadListing, textFilter, type ListingJoinRow } from './listings.queries.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');
const cardEvents = cardHistory('card_events');

// Members through users' read model (decision 135).
const users = userDirectory('users');

export type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'log'>;
export const LAPSE_JOB = 'marketplace.lapse_reservation';
const system: TransitionActor = { user: null, impersonatorId: null, ip: null };
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

// ------------------------------------------------------------------------------------------------
// Shapes
// ------------------------------------------------------------------------------------------------

export function toListedCard(c: CardRow): ListedCard {
  const card = toCard(c);
  return {
    id: card.id,
    subject: card.subject,
    year: card.year,
    brand: card.brand,
    cardNumber: card.cardNumber,
    variety: card.variety,
    sport: card.sport,
    grader: card.grader,
    grade: card.grade,
    gradeValue: card.gradeValue,
    certNumber: card.certNumber,
    thumbnailUrl: card.thumbnailUrl,
  };
}

export function sellerOf(sellerId: string | null, name: string | null): Seller {
  return sellerId ? { kind: 'member', id: sellerId, name } : { kind: 'house', id: null, name: HOUSE_NAME };
}

/** A reservation whose time is up reads as active even before the lapse has been written. */
function lapsed(l: Pick<ListingRow, 'status' | 'reservedUntil'>, now: Date) {
  return l.status === 'reserved' && l.reservedUntil !== null && l.reservedUntil <= now;
}

export function toListingCard(r: ListingJoinRow, me: string | null, now: Date): ListingCard {
  const l = r.listing;
  const gone = lapsed(l, now);
  return {
    id: l.id,
    cardId: l.cardId,
    priceCents: l.priceCents,
    status: gone ? 'active' : l.status,
    featured: l.featuredUntil !== null && l.featuredUntil > now,
    featuredUntil: iso(l.featuredUntil),
    seller: sellerOf(l.sellerId, r.sellerName),
    card: toListedCard(r.card),
    reservedUntil: l.status === 'reserved' && !gone ? iso(l.reservedUntil) : null,
    reservedByMe: l.status === 'reserved' && !gone && me !== null && l.reservedBy === me,
    createdAt: l.createdAt.toISOString(),
  };
}

export const checkoutPath = (invoiceId: string) => `/checkout?invoice=${invoiceId}`;

// ------------------------------------------------------------------------------------------------
// Reads
// ------------------------------------------------------------------------------------------------

/** GET /api/listings. */
export async function browseListings(
  ctx: Pick<AppContext, 'clock'> & SettingsReadCtx,
  actor: SignedInActor,
  q: ListingsQuery,
): Promise<ListingsResponse> {
  const now = ctx.clock.now();
  const [rows, { reservationMinutes }] = await Promise.all([listingsPage(ctx.db, q, now), getSetting(ctx, 'marketplace')]);
  const page = rows.slice(0, q.pageSize);
  return {
    listings: page.map((r) => toListingCard(r, actor.user.id, now)),
    page: q.page,
    pageSize: q.pageSize,
    hasMore: rows.length > q.pageSize,
    reservationMinutes,
  };
}

/** GET /api/listings/{id}: an open or sold listing (a withdrawn one only for its seller and admins). */
export async function listingDetail(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<ListingDetail> {
  const now = ctx.clock.now();
  let row = await loadListing(ctx.db, input.id);
  if (row && lapsed(row.listing, now)) {
    await lapseReservation(ctx, { listingId: row.listing.id });
    row = await loadListing(ctx.db, input.id);
  }
  const me = actor.user.id;
  if (!row) throw notFound(marketplaceMessages.listingNotFound);
  const l = row.listing;
  const isSeller = l.sellerId === me;
  if (l.status === 'withdrawn' && !isSeller && !actor.user.isAdmin) throw notFound(marketplaceMessages.listingNotFound);
  const card = toCard(row.card);

  const cert = card.grader === 'PSA' && card.certNumber ? await psaCertRecord(ctx, { certNumber: card.certNumber }) : null;
  const [prov] = await ctx.db
    .select({
      inVaultSince: sql<Date | null>`max(${cardEvents.at}) filter (where ${cardEvents.kind} = 'custody_changed' and ${cardEvents.data}->>'to' = 'in_vault')`,
      recheckedAt: sql<Date | null>`max(${cardEvents.at}) filter (where ${cardEvents.kind} = 'psa_rechecked')`,
      n: sql<number>`count(*)::int`,
    })
    .from(cardEvents)
    .where(eq(cardEvents.cardId, card.id));
  const asDate = (v: Date | string | null | undefined) => (v ? new Date(v) : null);
  const inVaultSince = asDate(prov?.inVaultSince) ?? (card.custody === 'in_vault' ? new Date(card.createdAt) : null);

  const similarRows = await listingSelect(ctx.db)
    .where(and(isOpen, live, eq(cards.sport, card.sport), ne(listings.id, l.id)))
    .orderBy(sql`abs(${listings.priceCents} - ${l.priceCents})`, asc(listings.id))
    .limit(SIMILAR_LISTINGS);

  const mineReserved = l.status === 'reserved' && l.reservedBy === me && l.invoiceId && l.reservedUntil;
  return {
    ...toListingCard(row, me, now),
    images: card.images,
    population: cert ? { total: cert.data.totalPopulation, higher: cert.data.populationHigher } : null,
    provenance: { inVaultSince: iso(inVaultSince), certRecheckedAt: iso(asDate(prov?.recheckedAt)), eventCount: Number(prov?.n ?? 0) },
    // A house listing's card is the house's until sold; once sold to the caller it is theirs, and
    // the page says they bought it, not that they are selling it.
    isMine: isSeller || (l.sellerId === null && card.ownerId === me && l.status !== 'sold'),
    boughtByMe: l.status === 'sold' && !isSeller && card.ownerId === me,
    reservation: mineReserved
      ? { invoiceId: l.invoiceId!, reservedUntil: l.reservedUntil!.toISOString(), checkoutPath: checkoutPath(l.invoiceId!) }
      : null,
    similar: similarRows.map((r) => toListingCard(r, me, now)),
    reservationMinutes: (await getSetting(ctx, 'marketplace')).reservationMinutes,
  };
}

// ------------------------------------------------------------------------------------------------
// Buying: reserve, cancel, lapse
// ------------------------------------------------------------------------------------------------

const invoiceLabel = (c: Pick<CardRow, 'year' | 'brand' | 'subject' | 'grader' | 'grade'>) =>
  `${c.year} ${c.brand} ${c.subject}${c.grade ? ` (${c.grader} ${c.grade})` : ''}`.slice(0, 200);

/**
 * POST /api/listings/{id}/reserve: holds the listing for this buyer for the marketplace's reservation minutes and sends them
 * its invoice. The listing's conditional update (active → reserved) is the lock: of buyers racing,
 * exactly one moves it; the others get 409 'This card was just reserved by another member'.
 */
export async function reserveListing(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<ReserveResponse> {
  const now = ctx.clock.now();
  const me = actor.user.id;
  // A reservation whose time is up is lapsed first (safely: the invoice is voided only if unpaid).
  await lapseReservation(ctx, { listingId: input.id });
  const { reservationMinutes } = await getSetting(ctx, 'marketplace');
  return inTransaction(ctx, async (uow) => {
    const row = await loadListing(uow.tx, input.id);
    if (!row) throw notFound(marketplaceMessages.listingNotFound);
    const l = row.listing;
    if (l.sellerId === me || row.card.ownerId === me) throw new AppError('conflict', marketplaceMessages.ownListing);
    // A second click by the same buyer answers with the reservation they already hold.
    if (l.status === 'reserved' && l.reservedBy === me && l.invoiceId && l.reservedUntil && l.reservedUntil > now) {
      return { listingId: l.id, invoiceId: l.invoiceId, reservedUntil: l.reservedUntil.toISOString(), checkoutPath: checkoutPath(l.invoiceId) };
    }
    return reserveFor(uow, actor, { row, buyerId: me, priceCents: null, reservationMinutes, now });
  });
}

/**
 * The one Buy path: holds an active listing for `buyerId` for the reservation minutes and sends them
 * its invoice. `priceCents` overrides the asking price (an accepted offer, issue 34); settlement
 * then sells at that price. The caller runs it in its transaction, after its own checks.
 */
export async function reserveFor(
  uow: UnitOfWork,
  actor: TransitionActor,
  input: { row: ListingJoinRow; buyerId: string; priceCents: number | null; reservationMinutes: number; now: Date },
): Promise<ReserveResponse> {
  const { row, buyerId, reservationMinutes, now } = input;
  const l = row.listing;
  if (l.status !== 'active') throw listingConflict(l.status);
  const priceCents = input.priceCents ?? l.priceCents;
  const reservedUntil = new Date(now.getTime() + reservationMinutes * 60_000);
  const invoice = await createInvoiceIn(uow, actor, {
    userId: buyerId,
    lines: [{ type: 'fixed', label: invoiceLabel(row.card), amountCents: priceCents }],
    dueDate: now.toISOString().slice(0, 10),
    notes: `Private MarketPlace purchase${input.priceCents !== null ? ' at your accepted offer' : ''}. The card is held for you for ${reservationMinutes} minutes while you pay; it stays insured in our vault.`,
    related: { kind: 'sale', id: l.id },
    send: true,
    quiet: true,
    now,
  });
  await transition(uow, listingAggregate, {
    id: l.id,
    from: 'active',
    to: 'reserved',
    actor,
    now,
    patch: { reservedBy: buyerId, reservedUntil, invoiceId: invoice.id, agreedPriceCents: input.priceCents },
    data: { invoiceId: invoice.id, ...(input.priceCents !== null ? { agreedPriceCents: input.priceCents } : {}) },
  });
  // The durable runner lapses it on time; reads and buys also lapse it lazily (whichever first).
  await enqueueJob(uow.tx, { name: LAPSE_JOB, runAt: reservedUntil, key: `${LAPSE_JOB}:${invoice.id}`, payload: { listingId: l.id } });
  return { listingId: l.id, invoiceId: invoice.id, reservedUntil: reservedUntil.toISOString(), checkoutPath: checkoutPath(invoice.id) };
}

/**
 * Returns a reserved listing to active and voids its unpaid invoice: when its time is up (`force`
 * absent), or at once for the buyer's cancel. Locks the invoice before the listing, as settlement
 * does, so the two never deadlock; a paid invoice wins (the sale stands). Returns whether it lapsed.
 */
async function releaseReservation(
  uow: UnitOfWork,
  actor: TransitionActor,
  input: { listingId: string; now: Date; buyerId?: string; reason: string },
): Promise<boolean> {
  const { tx } = uow;
  const [peek] = await tx.select({ invoiceId: listings.invoiceId }).from(listings).where(eq(listings.id, input.listingId)).limit(1);
  if (!peek?.invoiceId) return false;
  const invStatus = await lockInvoiceStatus(tx, { id: peek.invoiceId });
  const [l] = await tx.select().from(listings).where(eq(listings.id, input.listingId)).for('update');
  if (!l || l.status !== 'reserved' || l.invoiceId !== peek.invoiceId) return false;
  if (input.buyerId !== undefined ? l.reservedBy !== input.buyerId : !lapsed(l, input.now)) return false;
  if (invStatus === 'paid') return false;
  if (invStatus === 'sent' || invStatus === 'draft') {
    await transition(uow, invoiceAggregate, {
      id: peek.invoiceId,
      from: invStatus,
      to: 'void',
      actor,
      now: input.now,
      patch: { voidReason: input.reason },
    });
  }
  await transition(uow, listingAggregate, {
    id: l.id,
    from: 'reserved',
    to: 'active',
    actor,
    now: input.now,
    patch: { reservedBy: null, reservedUntil: null, invoiceId: null, agreedPriceCents: null },
    data: { note: input.reason, invoiceId: peek.invoiceId },
  });
  await listingBecameActive(tx, { listingId: l.id, now: input.now });
  // Time ran out (not the buyer's own cancel): the buyer hears the card is back on sale.
  if (input.buyerId === undefined && l.reservedBy) await reservationLapsed(uow, { id: l.id, cardId: l.cardId, buyerId: l.reservedBy }, input.now);
  return true;
}

/** Lapses one listing's reservation if its time is up (job, read and buy all call this). */
export async function lapseReservation(ctx: Ctx, input: { listingId: string }): Promise<boolean> {
  const now = ctx.clock.now();
  const [due] = await ctx.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.id, input.listingId), lapsedWhere(now)))
    .limit(1);
  if (!due) return false;
  return inTransaction(ctx, (uow) => releaseReservation(uow, system, { listingId: input.listingId, now, reason: 'Reservation lapsed unpaid' }));
}

/** Every reservation past its time (the job's sweep, in case one job was lost). */
export async function lapseDueReservations(ctx: Ctx): Promise<number> {
  const due = await ctx.db.select({ id: listings.id }).from(listings).where(lapsedWhere(ctx.clock.now()));
  let n = 0;
  for (const d of due) if (await lapseReservation(ctx, { listingId: d.id })) n++;
  return n;
}

/** POST /api/listings/{id}/cancel-reservation: the buyer lets go of their hold. */
export async function cancelReservation(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<ListingDetail> {
  const now = ctx.clock.now();
  const done = await inTransaction(ctx, async (uow) => {
    const [l] = await uow.tx.select().from(listings).where(eq(listings.id, input.id)).limit(1);
    if (!l) throw notFound(marketplaceMessages.listingNotFound);
    if (l.status !== 'reserved')
      throw new AppError('conflict', l.status === 'sold' ? marketplaceMessages.listingSold : marketplaceMessages.listingNotReserved);
    if (l.reservedBy !== actor.user.id) throw new AppError('conflict', marketplaceMessages.notYourReservation);
    return releaseReservation(uow, actor, { listingId: l.id, now, buyerId: actor.user.id, reason: 'Reservation cancelled by the buyer' });
  });
  if (!done) throw new AppError('conflict', marketplaceMessages.listingSold);
  return listingDetail(ctx, actor, input);
}

// ------------------------------------------------------------------------------------------------
// Creating and managing listings
// ------------------------------------------------------------------------------------------------

/**
 * Lists a vaulted, unheld card inside the caller's transaction: the card is held by the listing
 * (decision 022) and its timeline records `listed`. Used by admins (house cards) and by approved
 * card requests (a member's card).
 */
export async function createListingIn(
  uow: UnitOfWork,
  by: By,
  input: { cardId: string; sellerId: string | null; priceCents: number; featuredUntil?: Date | null; now: Date },
): Promise<ListingRow> {
  const [row] = await uow.tx
    .insert(listings)
    .values({
      cardId: input.cardId,
      sellerId: input.sellerId,
      priceCents: input.priceCents,
      featuredUntil: input.featuredUntil ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('conflict', marketplaceMessages.alreadyListed);
  await holdCards(uow, by, {
    cardIds: [input.cardId],
    kind: 'listing',
    ref: row.id,
    at: input.now,
    event: { kind: 'listed', data: { priceCents: input.priceCents, sellerId: input.sellerId } },
    require: { custody: ['in_vault'], custodyMessage: marketplaceMessages.notInVault },
  });
  await recordCreated(uow.tx, 'listing', { id: row.id, status: 'active', actorId: by.actorId, at: input.now });
  await listingBecameActive(uow.tx, { listingId: row.id, now: input.now });
  await audit(uow.tx, {
    ...by,
    action: 'listing.created',
    targetType: 'listing',
    targetId: row.id,
    data: { cardId: input.cardId, priceCents: input.priceCents },
    at: input.now,
  });
  uow.afterCommit(() => listingAdded(uow, row));
  await undercutCheck(uow, row, input.now);
  return row;
}

async function listingAdded(uow: UnitOfWork, row: ListingRow) {
  if (listingAggregate.announce) await listingAggregate.announce(uow.ctx, row);
}

const DAY = 86_400_000;

/** POST /api/admin/listings: a house card (owned by the house account, in the vault, free). */
export async function createHouseListing(ctx: Ctx, actor: SignedInActor, input: Required<CreateListingInput>): Promise<AdminListing> {
  const now = ctx.clock.now();
  const house = await houseAccountId(ctx.db);
  const id = await inTransaction(ctx, async (uow) => {
    const [card] = await uow.tx
      .select({ ownerId: cards.ownerId })
      .from(cards)
      .where(and(eq(cards.id, input.cardId), live))
      .limit(1);
    if (!card) throw new AppError('not_found', 'Card not found', { fieldErrors: { cardId: ['Card not found'] } });
    if (card.ownerId !== house)
      throw new AppError('conflict', marketplaceMessages.notHouseCard, { fieldErrors: { cardId: [marketplaceMessages.notHouseCard] } });
    const featuredUntil = input.featuredDays ? new Date(now.getTime() + input.featuredDays * DAY) : null;
    return (await createListingIn(uow, auditBy(actor), { cardId: input.cardId, sellerId: null, priceCents: input.priceCents, featuredUntil, now }))
      .id;
  });
  return (await adminListingsWhere(ctx, eq(listings.id, id)!, now))[0]!;
}

/** PATCH /api/admin/listings/{id}: reprice or withdraw an active listing; feature an open one. */
export async function patchListing(
  ctx: Ctx,
  actor: SignedInActor,
  input: { id: string; patch: { priceCents?: number; featuredUntil?: string | null; status?: 'withdrawn' } },
): Promise<AdminListing> {
  const now = ctx.clock.now();
  await lapseReservation(ctx, { listingId: input.id });
  await inTransaction(ctx, async (uow) => {
    const [l] = await uow.tx.select().from(listings).where(eq(listings.id, input.id)).for('update');
    if (!l) throw notFound(marketplaceMessages.listingNotFound);
    const { priceCents, featuredUntil, status } = input.patch;
    if ((priceCents !== undefined || status) && l.status !== 'active') throw new AppError('conflict', marketplaceMessages.listingActiveOnly);
    if (featuredUntil !== undefined && l.status !== 'active' && l.status !== 'reserved')
      throw new AppError('conflict', marketplaceMessages.listingActiveOnly);
    const set: Partial<ListingRow> = {};
    if (priceCents !== undefined) set.priceCents = priceCents;
    if (featuredUntil !== undefined) set.featuredUntil = featuredUntil ? new Date(featuredUntil) : null;
    if (Object.keys(set).length) {
      const [updated] = await uow.tx
        .update(listings)
        .set({ ...set, updatedAt: now })
        .where(eq(listings.id, l.id))
        .returning();
      await audit(uow.tx, {
        ...auditBy(actor),
        action: 'listing.updated',
        targetType: 'listing',
        targetId: l.id,
        data: { priceCents, featuredUntil },
        at: now,
      });
      if (!status) uow.afterCommit(() => listingAdded(uow, updated!));
      if (priceCents !== undefined && priceCents < l.priceCents && !status) await undercutCheck(uow, updated!, now);
    }
    if (status === 'withdrawn') {
      await transition(uow, listingAggregate, { id: l.id, from: 'active', to: 'withdrawn', actor, now });
      await releaseCards(uow, auditBy(actor), { kind: 'listing', ref: l.id, at: now });
      await closeOpenOffers(uow, { listingId: l.id, now, reason: 'withdrawn' });
    }
  });
  return (await adminListingsWhere(ctx, eq(listings.id, input.id), now))[0]!;
}

async function adminListingsWhere(ctx: Pick<AppContext, 'db'>, where: SQL, now: Date, limit = 500): Promise<AdminListing[]> {
  const rows = await listingSelect(ctx.db).where(where).orderBy(desc(listings.createdAt), asc(listings.id)).limit(limit);
  const buyerIds = [...new Set(rows.map((r) => r.listing.reservedBy).filter((x): x is string => !!x))];
  const buyers = buyerIds.length ? await ctx.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, buyerIds)) : [];
  const names = new Map(buyers.map((b) => [b.id, b.name]));
  return rows.map((r) => ({
    ...toListingCard(r, null, now),
    reservedBy: r.listing.reservedBy ? { id: r.listing.reservedBy, name: names.get(r.listing.reservedBy) ?? null } : null,
    soldAt: iso(r.listing.soldAt),
    updatedAt: r.listing.updatedAt.toISOString(),
  }));
}

/** GET /api/admin/listings: every listing (newest first), by status and text. */
export async function adminListings(ctx: Ctx, _actor: SignedInActor, q: { status?: ListingRow['status']; q?: string }): Promise<AdminListing[]> {
  const where = and(q.status ? eq(listings.status, q.status) : undefined, textFilter(q.q)) ?? sql`true`;
  return adminListingsWhere(ctx, where, ctx.clock.now());
}

/** GET /api/admin/listings/house-cards: house cards that can be listed now. */
export async function listableHouseCards(ctx: Ctx, _actor: SignedInActor) {
  const house = await houseAccountId(ctx.db);
  const rows = await ctx.db
    .select(cardColumns)
    .from(cards)
    .where(and(eq(cards.ownerId, house), live, eq(cards.custody, 'in_vault'), sql`${cards.holdKind} is null`))
    .orderBy(desc(cards.createdAt))
    .limit(500);
  return rows.map((c) => ({ ...toListedCard(c), estimatedValueCents: c.estimatedValueCents }));
}
