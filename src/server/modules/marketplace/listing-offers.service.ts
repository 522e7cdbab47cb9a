import { and, asc, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import {
  listingOfferMessages as msg,
  openOfferStatuses,
  type ListingOffer,
  type ListingOffersResponse,
  type UserListingOffers,
} from '#common/listing-offers.ts';
import { marketplaceMessages } from '#common/marketplace.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { listingOffers, listings } from '#server/db/schema/marketplace.ts';
import { AppError, notFound } from '#server/errors.ts';
import { auditBy, audit } from '#server/lib/audit.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import { inTransaction, transition, transitionMany, type TransitionActor, type UnitOfWork } from '#server/lib/transition.ts';
import { cardColumns, cardDirectory } from '#server/modules/cards/index.ts';
import { getSetting } from '#server/modules/settings/index.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { historyOf, listingOfferAggregate, recordCreated, type ListingOfferRow, type ListingRow } from './marketplace.aggregates.ts';
import { highestOfferMade } from './listing-offers.notifications.ts';
import { closeOpenOffers } from './listing-offers.closing.ts';
import { checkoutPath, lapseReservation, reserveFor, sellerOf, toListedCard } from './listings.service.ts';
import { loadListing } from './listings.queries.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';

// Cards and members through their modules' read models (decision 135).
const cards = cardDirectory('cards');
const buyers = userDirectory('buyers');
const sellers = userDirectory('sellers');

type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'log'>;
export const OFFER_EXPIRE_JOB = 'marketplace.expire_listing_offer';
const DAY = 86_400_000;
const system: TransitionActor = { user: null, impersonatorId: null, ip: null };
const isOpenOffer = inArray(listingOffers.status, [...openOfferStatuses]);
const fieldError = (code: 'bad_request' | 'conflict', why: string, field = 'amountCents') =>
  new AppError(code, why, { fieldErrors: { [field]: [why] } });

// ------------------------------------------------------------------------------------------------
// Reads
// ------------------------------------------------------------------------------------------------

function offerSelect(db: Db) {
  return db
    .select({ o: listingOffers, l: listings, card: cardColumns, buyerName: buyers.name, sellerName: sellers.name })
    .from(listingOffers)
    .innerJoin(listings, eq(listings.id, listingOffers.listingId))
    .innerJoin(cards, eq(cards.id, listings.cardId))
    .innerJoin(buyers, eq(buyers.id, listingOffers.buyerId))
    .leftJoin(sellers, eq(sellers.id, listings.sellerId));
}

/** Offers matching `where`, newest first. An open offer past its time reads as expired before the job has run. */
async function loadOffers(db: Db, where: SQL | undefined, viewer: string | null, now: Date, limit = 200): Promise<ListingOffer[]> {
  const rows = await offerSelect(db).where(where).orderBy(desc(listingOffers.createdAt), asc(listingOffers.id)).limit(limit);
  const hist = await historyOf(
    db,
    'listing_offer',
    rows.map((r) => r.o.id),
  );
  return rows.map(({ o, l, card, buyerName, sellerName }) => {
    const lapsed = (openOfferStatuses as readonly string[]).includes(o.status) && o.expiresAt <= now;
    const mineToPay =
      viewer === o.buyerId &&
      o.status === 'accepted' &&
      l.status === 'reserved' &&
      l.reservedBy === o.buyerId &&
      l.invoiceId !== null &&
      l.invoiceId === o.invoiceId &&
      l.reservedUntil !== null &&
      l.reservedUntil > now;
    return {
      id: o.id,
      listingId: o.listingId,
      amountCents: o.amountCents,
      counterCents: o.counterCents,
      agreedCents: o.agreedCents,
      status: lapsed ? 'expired' : o.status,
      message: o.message,
      expiresAt: o.expiresAt.toISOString(),
      buyer: { id: o.buyerId, name: buyerName },
      seller: sellerOf(l.sellerId, sellerName),
      listing: { priceCents: l.priceCents, status: l.status, minOfferCents: l.minOfferCents, card: toListedCard(card) },
      checkoutPath: mineToPay ? checkoutPath(l.invoiceId!) : null,
      history: hist.get(o.id) ?? [],
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
    };
  });
}

const oneOffer = async (ctx: Ctx, id: string, viewer: string) => (await loadOffers(ctx.db, eq(listingOffers.id, id), viewer, ctx.clock.now()))[0]!;

/** The member seller, or an admin for a house listing, answers offers. */
const answersFor = (actor: SignedInActor, l: Pick<ListingRow, 'sellerId'>) =>
  l.sellerId === null ? actor.user.isAdmin : l.sellerId === actor.user.id;

/** GET /api/user/offers: the offers the member made and those made on their listings. */
export async function myListingOffers(ctx: Ctx, actor: SignedInActor): Promise<UserListingOffers> {
  const me = actor.user.id;
  const now = ctx.clock.now();
  const [made, received] = await Promise.all([
    loadOffers(ctx.db, eq(listingOffers.buyerId, me), me, now),
    loadOffers(ctx.db, eq(listings.sellerId, me), me, now),
  ]);
  return { made, received };
}

/** GET /api/listings/{id}/offers: every offer for whoever answers them, the caller's own for anyone else. */
export async function offersOnListing(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<ListingOffersResponse> {
  const [l] = await ctx.db.select().from(listings).where(eq(listings.id, input.id)).limit(1);
  if (!l) throw notFound(marketplaceMessages.listingNotFound);
  const canAnswer = answersFor(actor, l);
  const where = and(eq(listingOffers.listingId, l.id), canAnswer ? undefined : eq(listingOffers.buyerId, actor.user.id));
  return { offers: await loadOffers(ctx.db, where, actor.user.id, ctx.clock.now()), canAnswer, minOfferCents: l.minOfferCents };
}

/** GET /api/admin/offers: offers on house listings, by status. */
export async function adminListingOffers(ctx: Ctx, actor: SignedInActor, q: { status?: ListingOffer['status'] }) {
  const where = and(isNull(listings.sellerId), q.status ? eq(listingOffers.status, q.status) : undefined);
  return { offers: await loadOffers(ctx.db, where, actor.user.id, ctx.clock.now(), 500) };
}

// ------------------------------------------------------------------------------------------------
// Making an offer
// ------------------------------------------------------------------------------------------------

async function queueExpiry(tx: Db, o: { id: string; expiresAt: Date }) {
  await enqueueJob(tx, {
    name: OFFER_EXPIRE_JOB,
    runAt: o.expiresAt,
    key: `${OFFER_EXPIRE_JOB}:${o.id}:${o.expiresAt.getTime()}`,
    payload: { offerId: o.id },
  });
}

/** POST /api/listings/{id}/offers: below the asking price, at or above the seller's minimum, one open offer per buyer. */
export async function makeListingOffer(
  ctx: Ctx,
  actor: SignedInActor,
  input: { listingId: string; amountCents: number; message: string | null },
): Promise<ListingOffer> {
  const now = ctx.clock.now();
  const me = actor.user.id;
  await lapseReservation(ctx, { listingId: input.listingId });
  const { offerExpiryDays } = await getSetting(ctx, 'marketplace');
  let id: string;
  try {
    id = await inTransaction(ctx, async (uow) => {
      const row = await loadListing(uow.tx, input.listingId);
      if (!row) throw notFound(marketplaceMessages.listingNotFound);
      const l = row.listing;
      if (l.sellerId === me || row.card.ownerId === me) throw new AppError('conflict', msg.ownListing);
      if (l.status !== 'active') throw new AppError('conflict', msg.listingNotActive);
      if (input.amountCents >= l.priceCents) throw fieldError('bad_request', msg.belowAsking);
      if (l.minOfferCents !== null && input.amountCents < l.minOfferCents)
        throw fieldError('bad_request', msg.belowMinimum(formatCents(l.minOfferCents)));
      const [already] = await uow.tx
        .select({ id: listingOffers.id })
        .from(listingOffers)
        .where(and(eq(listingOffers.listingId, l.id), eq(listingOffers.buyerId, me), isOpenOffer, gt(listingOffers.expiresAt, now)))
        .limit(1);
      if (already) throw fieldError('conflict', msg.alreadyOpen);
      // One still open only by the clock is expired now, so the unique index lets the new one in.
      await expireWhere(uow, and(eq(listingOffers.listingId, l.id), eq(listingOffers.buyerId, me)), now);
      const [best] = await uow.tx
        .select({ max: sql<number | null>`max(${listingOffers.amountCents})` })
        .from(listingOffers)
        .where(and(eq(listingOffers.listingId, l.id), isOpenOffer, gt(listingOffers.expiresAt, now)));
      const [o] = await uow.tx
        .insert(listingOffers)
        .values({
          listingId: l.id,
          buyerId: me,
          amountCents: input.amountCents,
          message: input.message,
          expiresAt: new Date(now.getTime() + offerExpiryDays * DAY),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordCreated(uow.tx, 'listing_offer', { id: o!.id, status: 'open', actorId: me, at: now, note: input.message });
      await audit(uow.tx, {
        ...auditBy(actor),
        action: 'listing_offer.created',
        targetType: 'listing_offer',
        targetId: o!.id,
        data: { listingId: l.id, amountCents: input.amountCents },
        at: now,
      });
      await queueExpiry(uow.tx, o!);
      if (best?.max == null || input.amountCents > Number(best.max)) await highestOfferMade(uow, o!, now);
      return o!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('conflict', msg.alreadyOpen);
    throw err;
  }
  return oneOffer(ctx, id, me);
}

/** PATCH /api/listings/{id}/min-offer: the seller (an admin for a house listing) sets or clears the lowest offer taken. */
export async function setMinOffer(
  ctx: Ctx,
  actor: SignedInActor,
  input: { id: string; minOfferCents: number | null },
): Promise<ListingOffersResponse> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [l] = await uow.tx.select().from(listings).where(eq(listings.id, input.id)).for('update');
    if (!l) throw notFound(marketplaceMessages.listingNotFound);
    if (!answersFor(actor, l)) throw new AppError('forbidden', msg.notSeller);
    if (l.status !== 'active' && l.status !== 'reserved') throw new AppError('conflict', marketplaceMessages.listingActiveOnly);
    if (input.minOfferCents !== null && input.minOfferCents >= l.priceCents) throw fieldError('bad_request', msg.minOfferRange, 'minOfferCents');
    await uow.tx.update(listings).set({ minOfferCents: input.minOfferCents, updatedAt: now }).where(eq(listings.id, l.id));
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'listing.min_offer_set',
      targetType: 'listing',
      targetId: l.id,
      data: { minOfferCents: input.minOfferCents },
      at: now,
    });
  });
  return offersOnListing(ctx, actor, { id: input.id });
}

// ------------------------------------------------------------------------------------------------
// Answering: accept, decline, counter, withdraw
// ------------------------------------------------------------------------------------------------

/** Expires the open offers matching `where` whose time is up (the job, and every answer first). */
async function expireWhere(uow: UnitOfWork, where: SQL | undefined, now: Date) {
  return transitionMany(uow, listingOfferAggregate, {
    where: and(where, lte(listingOffers.expiresAt, now)),
    from: openOfferStatuses,
    to: 'expired',
    actor: system,
    now,
  });
}

/** The job: one offer's expiry (idempotent; an answered or re-timed offer is left alone). */
export async function expireListingOffer(ctx: Ctx, input: { offerId: string }): Promise<number> {
  const now = ctx.clock.now();
  return (await inTransaction(ctx, (uow) => expireWhere(uow, eq(listingOffers.id, input.offerId), now))).length;
}

/**
 * Locks the offer's listing, then the offer (always in that order, so answers on one listing queue
 * behind each other rather than deadlock), after expiring it if its time is up.
 */
async function lockOffer(uow: UnitOfWork, id: string, now: Date) {
  const [peek] = await uow.tx.select({ listingId: listingOffers.listingId }).from(listingOffers).where(eq(listingOffers.id, id)).limit(1);
  if (!peek) throw notFound(msg.offerNotFound);
  const [l] = await uow.tx.select().from(listings).where(eq(listings.id, peek.listingId)).for('update');
  const [o] = await uow.tx.select().from(listingOffers).where(eq(listingOffers.id, id)).for('update');
  if (!l || !o) throw notFound(msg.offerNotFound);
  return { l, o, timedOut: (openOfferStatuses as readonly string[]).includes(o.status) && o.expiresAt <= now };
}

/** Who may move an offer at its status: the seller while open, the buyer once countered. */
function mustAnswer(actor: SignedInActor, l: ListingRow, o: ListingOfferRow, as: 'seller' | 'buyer') {
  const isBuyer = o.buyerId === actor.user.id;
  const isSeller = answersFor(actor, l);
  // Neither party: the offer does not exist for them.
  if (!isBuyer && !isSeller) throw notFound(msg.offerNotFound);
  if (as === 'seller' && !isSeller) throw new AppError('forbidden', msg.notSeller);
  if (as === 'buyer' && !isBuyer) throw new AppError('forbidden', msg.notBuyer);
}

type Answer = 'accept' | 'decline' | 'counter' | 'withdraw';

/**
 * Runs one answer in a transaction: an offer whose time is up is expired and committed, and the
 * caller gets 409 'This offer has expired'.
 */
async function answer(
  ctx: Ctx,
  actor: SignedInActor,
  id: string,
  what: Answer,
  fn: (uow: UnitOfWork, l: ListingRow, o: ListingOfferRow, now: Date) => Promise<void>,
): Promise<ListingOffer> {
  const now = ctx.clock.now();
  const [peek] = await ctx.db.select({ listingId: listingOffers.listingId }).from(listingOffers).where(eq(listingOffers.id, id)).limit(1);
  if (!peek) throw notFound(msg.offerNotFound);
  if (what === 'accept') await lapseReservation(ctx, { listingId: peek.listingId });
  const expired = await inTransaction(ctx, async (uow) => {
    const { l, o, timedOut } = await lockOffer(uow, id, now);
    if (o.buyerId !== actor.user.id && !answersFor(actor, l)) throw notFound(msg.offerNotFound);
    if (timedOut) {
      await expireWhere(uow, eq(listingOffers.id, o.id), now);
      return true;
    }
    await fn(uow, l, o, now);
    return false;
  });
  if (expired) throw new AppError('conflict', msg.expired);
  return oneOffer(ctx, id, actor.user.id);
}

const stale = (o: ListingOfferRow) => listingOfferAggregate.conflict(o.status, o.status);

/**
 * POST /api/offers/{id}/accept: the seller accepts an open offer, or the buyer a counter. The
 * listing is reserved for the buyer at the agreed price through the Buy path (same minutes, same
 * invoice and settlement), and every other open offer on it is declined, its buyer told.
 */
export async function acceptListingOffer(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<ListingOffer> {
  const { reservationMinutes } = await getSetting(ctx, 'marketplace');
  return answer(ctx, actor, input.id, 'accept', async (uow, l, o, now) => {
    if (o.status !== 'open' && o.status !== 'countered') throw stale(o);
    mustAnswer(actor, l, o, o.status === 'open' ? 'seller' : 'buyer');
    const agreedCents = o.status === 'open' ? o.amountCents : o.counterCents!;
    const row = await loadListing(uow.tx, l.id);
    // Reserved by a buyer, sold or withdrawn: 409 in the Buy path's words.
    const reserved = await reserveFor(uow, actor, { row: row!, buyerId: o.buyerId, priceCents: agreedCents, reservationMinutes, now });
    await transition(uow, listingOfferAggregate, {
      id: o.id,
      from: o.status,
      to: 'accepted',
      actor,
      now,
      patch: { agreedCents, invoiceId: reserved.invoiceId },
      data: { agreedCents, invoiceId: reserved.invoiceId },
    });
    await closeOpenOffers(uow, { listingId: l.id, now, reason: 'other_accepted', except: o.id });
  });
}

/** POST /api/offers/{id}/decline: the seller declines an open offer, or the buyer a counter. */
export async function declineListingOffer(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<ListingOffer> {
  return answer(ctx, actor, input.id, 'decline', async (uow, l, o, now) => {
    if (o.status !== 'open' && o.status !== 'countered') throw stale(o);
    mustAnswer(actor, l, o, o.status === 'open' ? 'seller' : 'buyer');
    await transition(uow, listingOfferAggregate, { id: o.id, from: o.status, to: 'declined', actor, now });
  });
}

/** POST /api/offers/{id}/counter: the seller counters an open offer once, between the offer and the asking price. */
export async function counterListingOffer(ctx: Ctx, actor: SignedInActor, input: { id: string; amountCents: number }): Promise<ListingOffer> {
  const { offerExpiryDays } = await getSetting(ctx, 'marketplace');
  return answer(ctx, actor, input.id, 'counter', async (uow, l, o, now) => {
    mustAnswer(actor, l, o, 'seller');
    if (o.status === 'countered') throw new AppError('conflict', msg.counterOnce);
    if (o.status !== 'open') throw stale(o);
    if (l.status !== 'active' && l.status !== 'reserved') throw new AppError('conflict', msg.listingNotActive);
    if (input.amountCents <= o.amountCents || input.amountCents >= l.priceCents) throw fieldError('bad_request', msg.counterRange);
    // The buyer gets the full offer time to answer the counter.
    const expiresAt = new Date(now.getTime() + offerExpiryDays * DAY);
    await transition(uow, listingOfferAggregate, {
      id: o.id,
      from: 'open',
      to: 'countered',
      actor,
      now,
      patch: { counterCents: input.amountCents, expiresAt },
      data: { counterCents: input.amountCents },
    });
    await queueExpiry(uow.tx, { id: o.id, expiresAt });
  });
}

/** POST /api/offers/{id}/withdraw: the buyer takes back an open offer. */
export async function withdrawListingOffer(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<ListingOffer> {
  return answer(ctx, actor, input.id, 'withdraw', async (uow, l, o, now) => {
    mustAnswer(actor, l, o, 'buyer');
    if (o.status !== 'open') throw stale(o);
    await transition(uow, listingOfferAggregate, { id: o.id, from: 'open', to: 'withdrawn', actor, now });
  });
}
