import { asc, eq, inArray } from 'drizzle-orm';
import {
  cardRequestTransitions,
  listingTransitions,
  marketplaceMessages,
  payoutTransitions,
  promotionTransitions,
  sellOfferTransitions,
  type CardRequestStatus,
  type ListingStatus,
  type PayoutStatus,
  type PromotionStatus,
  type SellOfferStatus,
  type StatusHistoryEntry,
} from '#common/marketplace.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { listingOfferMessages, listingOfferTransitions, type ListingOfferStatus } from '#common/listing-offers.ts';
import type { Db } from '#server/db/client.ts';
import {
  cardRequests,
  listings,
  cardRequestEvents,
  listingEvents,
  listingOfferEvents,
  listingOffers,
  promotionRequestEvents,
  promotionRequests,
  salePayoutEvents,
  sellOfferEvents,
  sales,
  sellOffers,
} from '#server/db/schema/marketplace.ts';
import { AppError, notFound } from '#server/errors.ts';
import { historyIn, type Aggregate, type EventsContext } from '#server/lib/transition.ts';
import { listingUpdated, promotionUpdated, requestUpdated, sellUpdated } from './marketplace.events.ts';
import { cardRequestMoved, listingMoved, sellOfferMoved } from './marketplace.notifications.ts';
import { listingOfferMoved } from './listing-offers.notifications.ts';
import { cardDirectory } from '#server/modules/cards/index.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

export type ListingRow = typeof listings.$inferSelect;
export type CardRequestRow = typeof cardRequests.$inferSelect;
export type SellOfferRow = typeof sellOffers.$inferSelect;
export type PromotionRow = typeof promotionRequests.$inferSelect;
export type ListingOfferRow = typeof listingOffers.$inferSelect;
/** Each marketplace aggregate's `_events` table and the column naming its row (decision 136). */
export const marketHistories = {
  listing: { table: listingEvents, ref: listingEvents.listingId, refKey: 'listingId' },
  card_request: { table: cardRequestEvents, ref: cardRequestEvents.cardRequestId, refKey: 'cardRequestId' },
  sell_offer: { table: sellOfferEvents, ref: sellOfferEvents.sellOfferId, refKey: 'sellOfferId' },
  promotion_request: { table: promotionRequestEvents, ref: promotionRequestEvents.promotionRequestId, refKey: 'promotionRequestId' },
  listing_offer: { table: listingOfferEvents, ref: listingOfferEvents.listingOfferId, refKey: 'listingOfferId' },
} as const;
type RecordKind = keyof typeof marketHistories;

const history = (kind: RecordKind) => historyIn(marketHistories[kind].table, marketHistories[kind].refKey);

const historyActors = userDirectory('history_actors');

/** Each record's status history, oldest first, with who moved it (the history the API shows). */
export async function historyOf(db: Db, kind: RecordKind, ids: string[]): Promise<Map<string, StatusHistoryEntry[]>> {
  const out = new Map<string, StatusHistoryEntry[]>();
  if (!ids.length) return out;
  const { table: h, ref } = marketHistories[kind];
  const rows = await db
    .select({ recordId: ref, toStatus: h.toStatus, at: h.at, note: h.note, actorId: h.actorId, name: historyActors.name })
    .from(h)
    .leftJoin(historyActors, eq(historyActors.id, h.actorId))
    .where(inArray(ref, ids))
    .orderBy(asc(h.seq));
  for (const r of rows) {
    const list = out.get(r.recordId) ?? [];
    list.push({ status: r.toStatus, at: r.at.toISOString(), note: r.note, by: r.actorId ? { id: r.actorId, name: r.name } : null });
    out.set(r.recordId, list);
  }
  return out;
}

/** The first history row of a new record (created → its first status). */
export async function recordCreated(
  tx: Db,
  kind: RecordKind,
  e: { id: string; status: string; actorId: string | null; at: Date; note?: string | null },
) {
  await history(kind)(tx, { id: e.id, from: null, to: e.status, actorId: e.actorId, at: e.at, data: { note: e.note ?? null } });
}

const conflict = (current: string, expected: string) => new AppError('conflict', marketplaceMessages.stale(current, expected));

async function cardWords(ctx: EventsContext, cardId: string) {
  const [c] = await ctx.db.select({ subject: cards.subject, year: cards.year }).from(cards).where(eq(cards.id, cardId)).limit(1);
  return { playerName: c?.subject ?? '', year: c?.year ?? 0 };
}

/** Why a listing cannot be reserved, in the buyer's words. */
export function listingConflict(current: ListingStatus): Error {
  if (current === 'reserved') return new AppError('conflict', marketplaceMessages.justReserved);
  if (current === 'sold') return new AppError('conflict', marketplaceMessages.listingSold);
  if (current === 'withdrawn') return new AppError('conflict', marketplaceMessages.listingWithdrawn);
  return new AppError('conflict', marketplaceMessages.listingNotReserved);
}

export const listingAggregate: Aggregate<ListingStatus, ListingRow> = {
  name: 'listing',
  table: listings,
  idColumn: listings.id,
  statusColumn: listings.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: listingTransitions,
  recordHistory: history('listing'),
  conflict: (current) => listingConflict(current),
  notFound: () => notFound(marketplaceMessages.listingNotFound),
  announce: (ctx, row) => listingUpdated(ctx, row),
  notify: (uow, row, now) => listingMoved(uow, row, now),
};

export const cardRequestAggregate: Aggregate<CardRequestStatus, CardRequestRow> = {
  name: 'card_request',
  table: cardRequests,
  idColumn: cardRequests.id,
  statusColumn: cardRequests.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: cardRequestTransitions,
  recordHistory: history('card_request'),
  conflict,
  notFound: () => notFound(marketplaceMessages.requestNotFound),
  announce: async (ctx, row) =>
    requestUpdated(ctx, { id: row.id, userId: row.userId, kind: row.kind, status: row.status, ...(await cardWords(ctx, row.cardId)) }),
  notify: (uow, row, now, move) => cardRequestMoved(uow, row, now, move),
};

export const sellOfferAggregate: Aggregate<SellOfferStatus, SellOfferRow> = {
  name: 'sell_offer',
  table: sellOffers,
  idColumn: sellOffers.id,
  statusColumn: sellOffers.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: sellOfferTransitions,
  recordHistory: history('sell_offer'),
  conflict,
  notFound: () => notFound(marketplaceMessages.offerNotFound),
  announce: async (ctx, row) => sellUpdated(ctx, { id: row.id, userId: row.userId, status: row.status, ...(await cardWords(ctx, row.cardId)) }),
  notify: (uow, row, now, move) => sellOfferMoved(uow, row, now, move),
};

export const promotionAggregate: Aggregate<PromotionStatus, PromotionRow> = {
  name: 'promotion_request',
  table: promotionRequests,
  idColumn: promotionRequests.id,
  statusColumn: promotionRequests.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: promotionTransitions,
  recordHistory: history('promotion_request'),
  conflict,
  notFound: () => notFound(marketplaceMessages.promotionNotFound),
  announce: (ctx, row) => promotionUpdated(ctx, { id: row.id, userId: row.userId, listingId: row.listingId, status: row.status }),
};

type SaleRecord = typeof sales.$inferSelect;

/** A sale's payout (decision 136); sale.payout_paid is its audit row and the ledger its booking. */
export const salePayoutAggregate: Aggregate<PayoutStatus, SaleRecord> = {
  name: 'sale_payout',
  table: sales,
  idColumn: sales.id,
  statusColumn: sales.payoutStatus,
  statusKey: 'payoutStatus',
  transitions: payoutTransitions,
  audited: false,
  recordHistory: historyIn(salePayoutEvents, 'saleId'),
  conflict: () => new AppError('conflict', marketplaceMessages.payoutNotOwed),
  notFound: () => notFound(marketplaceMessages.saleNotFound),
};

/** A buyer's offer on a listing (issue 34); its buyer hears of counters, answers and expiry. */
export const listingOfferAggregate: Aggregate<ListingOfferStatus, ListingOfferRow> = {
  name: 'listing_offer',
  table: listingOffers,
  idColumn: listingOffers.id,
  statusColumn: listingOffers.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: listingOfferTransitions,
  recordHistory: history('listing_offer'),
  conflict: (current) => new AppError('conflict', current === 'expired' ? listingOfferMessages.expired : listingOfferMessages.stale(current)),
  notFound: () => notFound(listingOfferMessages.offerNotFound),
  notify: (uow, row, now, move) => listingOfferMoved(uow, row, now, move),
};
