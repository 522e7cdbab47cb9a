import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  marketplaceMessages,
  type AdminCardRequestAction,
  type AdminSellAction,
  type CardRequest,
  type CardRequestKind,
  type CardRequestStatus,
  type MemberSellAction,
  type PromotionRequest,
  type PromotionStatus,
  type SellOffer,
  type SellOfferStatus,
} from '#common/marketplace.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { cardRequests, listings, promotionRequests, sellOffers } from '#server/db/schema/marketplace.ts';
import { AppError, notFound } from '#server/errors.ts';
import { inTransaction, transition, type UnitOfWork } from '#server/lib/transition.ts';
import { auditBy } from '#server/lib/audit.ts';
import {
  appendEvent,
  cardColumns,
  cardDirectory,
  enqueuePsaRecheck,
  holdCards,
  live,
  lockCards,
  moveCustody,
  releaseCards,
  transferCard,
} from '#server/modules/cards/index.ts';
import {
  cardRequestAggregate,
  promotionAggregate,
  historyOf,
  recordCreated,
  sellOfferAggregate,
  type CardRequestRow,
  type SellOfferRow,
} from './marketplace.aggregates.ts';
import { listingUpdated } from './marketplace.events.ts';
import { cardRequestCreated, sellOfferCreated } from './marketplace.notifications.ts';
import { createListingIn, toListedCard, toListingCard } from './listings.service.ts';
import { listingSelect } from './listings.queries.ts';
import { recordHouseSale } from './sales.service.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

// Members through users' read model (decision 135).
const users = userDirectory('users');

type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'log'>;
const conflict = (why: string, field?: string) => new AppError('conflict', why, field ? { fieldErrors: { [field]: [why] } } : undefined);

/** The member's own live card, locked; 404 when it is not theirs, 409 when in transit. */
async function ownCard(tx: Db, me: string, cardId: string) {
  const [card] = await tx
    .select(cardColumns)
    .from(cards)
    .where(and(eq(cards.id, cardId), live))
    .limit(1);
  if (!card || card.ownerId !== me)
    throw new AppError('not_found', marketplaceMessages.cardNotOwned, { fieldErrors: { cardId: [marketplaceMessages.cardNotOwned] } });
  if (card.custody === 'in_transit') throw conflict(marketplaceMessages.cardInTransit, 'cardId');
  return card;
}

// ------------------------------------------------------------------------------------------------
// Card requests
// ------------------------------------------------------------------------------------------------

async function loadRequests(db: Db, where: SQL | undefined): Promise<CardRequest[]> {
  const rows = await db
    .select({ r: cardRequests, card: cardColumns, name: users.name })
    .from(cardRequests)
    .innerJoin(cards, eq(cards.id, cardRequests.cardId))
    .innerJoin(users, eq(users.id, cardRequests.userId))
    .where(where)
    .orderBy(desc(cardRequests.createdAt), asc(cardRequests.id))
    .limit(500);
  const hist = await historyOf(
    db,
    'card_request',
    rows.map((x) => x.r.id),
  );
  return rows.map(({ r, card, name }) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    card: { ...toListedCard(card), custody: card.custody },
    member: { id: r.userId, name },
    askingPriceCents: r.askingPriceCents,
    note: r.note,
    adminNote: r.adminNote,
    listingId: r.listingId,
    history: hist.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const oneRequest = async (db: Db, id: string) => (await loadRequests(db, eq(cardRequests.id, id)))[0]!;

export const myCardRequests = (ctx: Ctx, actor: SignedInActor) => loadRequests(ctx.db, eq(cardRequests.userId, actor.user.id));
export const adminCardRequests = (ctx: Ctx, _actor: SignedInActor, q: { status?: CardRequestStatus }) =>
  loadRequests(ctx.db, q.status ? eq(cardRequests.status, q.status) : undefined);

/** POST /api/user/requests: list a card at an asking price, or take it into the vault. The card is held meanwhile. */
export async function createCardRequest(
  ctx: Ctx,
  actor: SignedInActor,
  input: { cardId: string; kind: CardRequestKind; askingPriceCents: number | null; note: string | null },
): Promise<CardRequest> {
  const now = ctx.clock.now();
  const me = actor.user.id;
  let id: string;
  try {
    id = await inTransaction(ctx, async (uow) => {
      const card = await ownCard(uow.tx, me, input.cardId);
      if (input.kind === 'vault' && card.custody === 'in_vault') throw conflict(marketplaceMessages.alreadyInVault, 'cardId');
      const [row] = await uow.tx
        .insert(cardRequests)
        .values({
          userId: me,
          cardId: card.id,
          kind: input.kind,
          askingPriceCents: input.askingPriceCents,
          note: input.note,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await holdCards(uow, auditBy(actor), { cardIds: [card.id], kind: 'card_request', ref: row!.id, at: now, require: { ownerId: me } });
      await recordCreated(uow.tx, 'card_request', { id: row!.id, status: 'pending', actorId: me, at: now, note: input.note });
      await cardRequestCreated(uow, row!, now);
      uow.afterCommit(() => cardRequestAggregate.announce?.(uow.ctx, row!));
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(marketplaceMessages.requestPending, 'cardId');
    throw err;
  }
  return oneRequest(ctx.db, id);
}

/** PATCH /api/user/requests/{id}: the member cancels a pending request. */
export async function cancelCardRequest(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<CardRequest> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [r] = await uow.tx
      .select()
      .from(cardRequests)
      .where(and(eq(cardRequests.id, input.id), eq(cardRequests.userId, actor.user.id)))
      .limit(1);
    if (!r) throw notFound(marketplaceMessages.requestNotFound);
    await transition(uow, cardRequestAggregate, { id: r.id, from: 'pending', to: 'cancelled', actor, now });
    await releaseCards(uow, auditBy(actor), { kind: 'card_request', ref: r.id, at: now });
  });
  return oneRequest(ctx.db, input.id);
}

/** The request's card is in the vault: a `list` request becomes a listing at the asking price. */
async function completeRequest(uow: UnitOfWork, actor: SignedInActor, r: CardRequestRow, from: CardRequestStatus, note: string | null, now: Date) {
  const by = auditBy(actor);
  await releaseCards(uow, by, { kind: 'card_request', ref: r.id, at: now });
  let listingId: string | null = null;
  if (r.kind === 'list')
    listingId = (await createListingIn(uow, by, { cardId: r.cardId, sellerId: r.userId, priceCents: r.askingPriceCents!, now })).id;
  await transition(uow, cardRequestAggregate, {
    id: r.id,
    from,
    to: 'completed',
    actor,
    now,
    patch: { listingId, adminNote: note ?? r.adminNote },
    data: { note, listingId },
  });
}

/**
 * PATCH /api/admin/requests/{id}: approve (pickup arranged: in transit; or completed at once when
 * the card is already vaulted), reject, or confirm receipt into the vault (completed; a `list`
 * request's listing is created). Receipt re-checks the PSA cert through the durable job runner.
 */
export async function adminCardRequestAction(
  ctx: Ctx,
  actor: SignedInActor,
  input: { id: string; action: AdminCardRequestAction; note: string | null },
): Promise<CardRequest> {
  const now = ctx.clock.now();
  const by = auditBy(actor);
  await inTransaction(ctx, async (uow) => {
    const [r] = await uow.tx.select().from(cardRequests).where(eq(cardRequests.id, input.id)).for('update');
    if (!r) throw notFound(marketplaceMessages.requestNotFound);
    const allowed: Record<AdminCardRequestAction, CardRequestStatus> = { approve: 'pending', reject: 'pending', receive: 'approved' };
    if (r.status !== allowed[input.action]) throw conflict(marketplaceMessages.actionNotAllowed(input.action, r.status));
    if (input.action === 'reject') {
      await transition(uow, cardRequestAggregate, {
        id: r.id,
        from: 'pending',
        to: 'rejected',
        actor,
        now,
        patch: { adminNote: input.note },
        data: { note: input.note },
      });
      await releaseCards(uow, by, { kind: 'card_request', ref: r.id, at: now });
      return;
    }
    const [card] = await lockCards(uow.tx, [r.cardId]);
    if (input.action === 'approve') {
      if (card!.custody === 'in_vault') return completeRequest(uow, actor, r, 'pending', input.note, now);
      await moveCustody(uow, by, { cardId: r.cardId, to: 'in_transit', at: now, note: 'Pickup arranged for the card request' });
      await transition(uow, cardRequestAggregate, {
        id: r.id,
        from: 'pending',
        to: 'approved',
        actor,
        now,
        patch: { adminNote: input.note },
        data: { note: input.note },
      });
      return;
    }
    await moveCustody(uow, by, { cardId: r.cardId, to: 'in_vault', at: now, note: 'Received into the vault for the card request' });
    await completeRequest(uow, actor, r, 'approved', input.note, now);
    uow.afterCommit(() => enqueuePsaRecheck(ctx, { cardId: r.cardId, by, after: now }));
  });
  return oneRequest(ctx.db, input.id);
}

// ------------------------------------------------------------------------------------------------
// Sell offers
// ------------------------------------------------------------------------------------------------

async function loadOffers(db: Db, where: SQL | undefined): Promise<SellOffer[]> {
  const rows = await db
    .select({ o: sellOffers, card: cardColumns, name: users.name })
    .from(sellOffers)
    .innerJoin(cards, eq(cards.id, sellOffers.cardId))
    .innerJoin(users, eq(users.id, sellOffers.userId))
    .where(where)
    .orderBy(desc(sellOffers.createdAt), asc(sellOffers.id))
    .limit(500);
  const hist = await historyOf(
    db,
    'sell_offer',
    rows.map((x) => x.o.id),
  );
  return rows.map(({ o, card, name }) => ({
    id: o.id,
    status: o.status,
    card: { ...toListedCard(card), custody: card.custody },
    member: { id: o.userId, name },
    priceCents: o.priceCents,
    counterPriceCents: o.counterPriceCents,
    finalPriceCents: o.finalPriceCents,
    note: o.note,
    adminNote: o.adminNote,
    saleId: o.saleId,
    history: hist.get(o.id) ?? [],
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  }));
}
const oneOffer = async (db: Db, id: string) => (await loadOffers(db, eq(sellOffers.id, id)))[0]!;

export const mySellOffers = (ctx: Ctx, actor: SignedInActor) => loadOffers(ctx.db, eq(sellOffers.userId, actor.user.id));
export const adminSellOffers = (ctx: Ctx, _actor: SignedInActor, q: { status?: SellOfferStatus }) =>
  loadOffers(ctx.db, q.status ? eq(sellOffers.status, q.status) : undefined);

/** POST /api/user/sells: offer one of the member's free cards to the house. */
export async function createSellOffer(
  ctx: Ctx,
  actor: SignedInActor,
  input: { cardId: string; priceCents: number; note: string | null },
): Promise<SellOffer> {
  const now = ctx.clock.now();
  const me = actor.user.id;
  let id: string;
  try {
    id = await inTransaction(ctx, async (uow) => {
      const card = await ownCard(uow.tx, me, input.cardId);
      const [row] = await uow.tx
        .insert(sellOffers)
        .values({ userId: me, cardId: card.id, priceCents: input.priceCents, note: input.note, createdAt: now, updatedAt: now })
        .returning();
      await holdCards(uow, auditBy(actor), { cardIds: [card.id], kind: 'sell_offer', ref: row!.id, at: now, require: { ownerId: me } });
      await recordCreated(uow.tx, 'sell_offer', { id: row!.id, status: 'pending', actorId: me, at: now, note: input.note });
      await sellOfferCreated(uow, row!, now);
      uow.afterCommit(() => sellOfferAggregate.announce?.(uow.ctx, row!));
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(marketplaceMessages.offerPending, 'cardId');
    throw err;
  }
  return oneOffer(ctx.db, id);
}

/** An accepted offer: the house buys the card (a sale row with the payout owed), custody unchanged. */
async function acceptOffer(
  uow: UnitOfWork,
  actor: SignedInActor,
  o: SellOfferRow,
  from: SellOfferStatus,
  priceCents: number,
  note: string | null,
  now: Date,
) {
  const by = auditBy(actor);
  const { sale, house } = await recordHouseSale(uow, { sellOfferId: o.id, cardId: o.cardId, sellerId: o.userId, priceCents, now });
  if (!sale) throw conflict(marketplaceMessages.stale('accepted', from));
  await transition(uow, sellOfferAggregate, {
    id: o.id,
    from,
    to: 'accepted',
    actor,
    now,
    patch: { finalPriceCents: priceCents, saleId: sale.id, ...(note ? { adminNote: note } : {}) },
    data: { note, priceCents },
  });
  await appendEvent(uow.tx, by, {
    cardId: o.cardId,
    kind: 'sold',
    data: { sellOfferId: o.id, saleId: sale.id, priceCents, buyerId: house, sellerId: o.userId },
    at: now,
  });
  await transferCard(uow, by, { cardId: o.cardId, toOwnerId: house, at: now, release: { kind: 'sell_offer', ref: o.id }, data: { saleId: sale.id } });
}

/** PATCH /api/admin/sells/{id}: accept, reject or counter a pending offer. */
export async function adminSellAction(
  ctx: Ctx,
  actor: SignedInActor,
  input: { id: string; action: AdminSellAction; counterPriceCents: number | null; note: string | null },
): Promise<SellOffer> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [o] = await uow.tx.select().from(sellOffers).where(eq(sellOffers.id, input.id)).for('update');
    if (!o) throw notFound(marketplaceMessages.offerNotFound);
    if (o.status !== 'pending') throw conflict(marketplaceMessages.actionNotAllowed(input.action, o.status));
    if (input.action === 'accept') return acceptOffer(uow, actor, o, 'pending', o.priceCents, input.note, now);
    if (input.action === 'reject') {
      await transition(uow, sellOfferAggregate, {
        id: o.id,
        from: 'pending',
        to: 'rejected',
        actor,
        now,
        patch: { adminNote: input.note },
        data: { note: input.note },
      });
      await releaseCards(uow, auditBy(actor), { kind: 'sell_offer', ref: o.id, at: now });
      return;
    }
    if (input.counterPriceCents === o.priceCents)
      throw new AppError('bad_request', marketplaceMessages.counterLower, { fieldErrors: { counterPriceCents: [marketplaceMessages.counterLower] } });
    await transition(uow, sellOfferAggregate, {
      id: o.id,
      from: 'pending',
      to: 'countered',
      actor,
      now,
      patch: { counterPriceCents: input.counterPriceCents, adminNote: input.note },
      data: { note: input.note, counterPriceCents: input.counterPriceCents },
    });
  });
  return oneOffer(ctx.db, input.id);
}

/** PATCH /api/user/sells/{id}: accept or decline the house's counter, or withdraw the offer. */
export async function memberSellAction(ctx: Ctx, actor: SignedInActor, input: { id: string; action: MemberSellAction }): Promise<SellOffer> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [o] = await uow.tx
      .select()
      .from(sellOffers)
      .where(and(eq(sellOffers.id, input.id), eq(sellOffers.userId, actor.user.id)))
      .for('update');
    if (!o) throw notFound(marketplaceMessages.offerNotFound);
    const okFrom: Record<MemberSellAction, SellOfferStatus[]> = {
      accept_counter: ['countered'],
      decline_counter: ['countered'],
      withdraw: ['pending', 'countered'],
    };
    if (!okFrom[input.action].includes(o.status)) throw conflict(marketplaceMessages.actionNotAllowed(input.action.replace('_', ' '), o.status));
    if (input.action === 'accept_counter') return acceptOffer(uow, actor, o, 'countered', o.counterPriceCents!, null, now);
    await transition(uow, sellOfferAggregate, { id: o.id, from: o.status, to: input.action === 'withdraw' ? 'withdrawn' : 'declined', actor, now });
    await releaseCards(uow, auditBy(actor), { kind: 'sell_offer', ref: o.id, at: now });
  });
  return oneOffer(ctx.db, input.id);
}

// ------------------------------------------------------------------------------------------------
// Promotion requests
// ------------------------------------------------------------------------------------------------

async function loadPromotions(ctx: Ctx, where: SQL | undefined): Promise<PromotionRequest[]> {
  const rows = await ctx.db
    .select({ p: promotionRequests, name: users.name })
    .from(promotionRequests)
    .innerJoin(users, eq(users.id, promotionRequests.userId))
    .where(where)
    .orderBy(desc(promotionRequests.createdAt), asc(promotionRequests.id))
    .limit(500);
  const ls = rows.length
    ? await listingSelect(ctx.db).where(
        inArray(
          listings.id,
          rows.map((r) => r.p.listingId),
        ),
      )
    : [];
  const now = ctx.clock.now();
  const byId = new Map(ls.map((l) => [l.listing.id, l]));
  return rows.map(({ p, name }) => ({
    id: p.id,
    status: p.status,
    listing: toListingCard(byId.get(p.listingId)!, null, now),
    member: { id: p.userId, name },
    days: p.days,
    note: p.note,
    adminNote: p.adminNote,
    featuredUntil: p.featuredUntil?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }));
}
const onePromotion = async (ctx: Ctx, id: string) => (await loadPromotions(ctx, eq(promotionRequests.id, id)))[0]!;

export const myPromotions = (ctx: Ctx, actor: SignedInActor) => loadPromotions(ctx, eq(promotionRequests.userId, actor.user.id));
export const adminPromotions = (ctx: Ctx, _actor: SignedInActor, q: { status?: PromotionStatus }) =>
  loadPromotions(ctx, q.status ? eq(promotionRequests.status, q.status) : undefined);

/** POST /api/user/promotion-requests: the seller asks for their open listing to be featured. */
export async function createPromotion(
  ctx: Ctx,
  actor: SignedInActor,
  input: { listingId: string; days: number; note: string | null },
): Promise<PromotionRequest> {
  const now = ctx.clock.now();
  const [l] = await ctx.db.select().from(listings).where(eq(listings.id, input.listingId)).limit(1);
  if (!l) throw new AppError('not_found', marketplaceMessages.listingNotFound, { fieldErrors: { listingId: [marketplaceMessages.listingNotFound] } });
  if (l.sellerId !== actor.user.id) throw new AppError('forbidden', marketplaceMessages.promotionNotSeller);
  if (l.status !== 'active' && l.status !== 'reserved') throw conflict(marketplaceMessages.promotionListingActive);
  let id: string;
  try {
    id = await inTransaction(ctx, async (uow) => {
      const [row] = await uow.tx
        .insert(promotionRequests)
        .values({ listingId: l.id, userId: actor.user.id, days: input.days, note: input.note, createdAt: now, updatedAt: now })
        .returning();
      await recordCreated(uow.tx, 'promotion_request', { id: row!.id, status: 'pending', actorId: actor.user.id, at: now, note: input.note });
      uow.afterCommit(() => promotionAggregate.announce?.(uow.ctx, row!));
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(marketplaceMessages.promotionPending, 'listingId');
    throw err;
  }
  return onePromotion(ctx, id);
}

/** PATCH /api/user/promotion-requests/{id}: the seller withdraws a pending request. */
export async function cancelPromotion(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<PromotionRequest> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [p] = await uow.tx
      .select()
      .from(promotionRequests)
      .where(and(eq(promotionRequests.id, input.id), eq(promotionRequests.userId, actor.user.id)))
      .limit(1);
    if (!p) throw notFound(marketplaceMessages.promotionNotFound);
    await transition(uow, promotionAggregate, { id: p.id, from: 'pending', to: 'cancelled', actor, now });
  });
  return onePromotion(ctx, input.id);
}

const DAY = 86_400_000;

/** PATCH /api/admin/promotion-requests/{id}: approve (the listing featured for N more days) or decline. */
export async function adminPromotionAction(
  ctx: Ctx,
  actor: SignedInActor,
  input: { id: string; action: 'approve' | 'decline'; note: string | null },
): Promise<PromotionRequest> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [p] = await uow.tx.select().from(promotionRequests).where(eq(promotionRequests.id, input.id)).for('update');
    if (!p) throw notFound(marketplaceMessages.promotionNotFound);
    if (input.action === 'decline') {
      await transition(uow, promotionAggregate, {
        id: p.id,
        from: 'pending',
        to: 'declined',
        actor,
        now,
        patch: { adminNote: input.note },
        data: { note: input.note },
      });
      return;
    }
    const [l] = await uow.tx.select().from(listings).where(eq(listings.id, p.listingId)).for('update');
    if (!l || (l.status !== 'active' && l.status !== 'reserved')) throw conflict(marketplaceMessages.promotionListingActive);
    // Featuring extends from whichever is later: now, or the end of a promotion still running.
    const start = l.featuredUntil && l.featuredUntil > now ? l.featuredUntil : now;
    const featuredUntil = new Date(start.getTime() + p.days * DAY);
    await transition(uow, promotionAggregate, {
      id: p.id,
      from: 'pending',
      to: 'approved',
      actor,
      now,
      patch: { adminNote: input.note, featuredUntil },
      data: { note: input.note },
    });
    const [updated] = await uow.tx.update(listings).set({ featuredUntil, updatedAt: now }).where(eq(listings.id, l.id)).returning();
    uow.afterCommit(() => listingUpdated(uow.ctx, updated!));
  });
  return onePromotion(ctx, input.id);
}
