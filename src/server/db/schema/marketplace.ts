import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { graders, sports } from '#common/cards.ts';
import { listingOfferStatuses } from '#common/listing-offers.ts';
import {
  cardRequestKinds,
  cardRequestStatuses,
  listingStatuses,
  payoutStatuses,
  promotionStatuses,
  saleKinds,
  sellOfferStatuses,
} from '#common/marketplace.ts';
import { cards, tsvector } from './cards.ts';
import { invoices } from './money.ts';
import { statusEventColumns } from './status-events.ts';
import { users } from './users.ts';

/** A card for sale on the Private MarketPlace: the house's (sellerId null) or a member's. */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    sellerId: uuid('seller_id').references(() => users.id),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: listingStatuses }).notNull().default('active'),
    featuredUntil: timestamp('featured_until', { withTimezone: true }),
    // The current (or, once sold, the winning) buyer's hold and the invoice they pay.
    reservedBy: uuid('reserved_by').references(() => users.id),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    // The lowest offer the seller takes (issue 34); null: any offer below the asking price.
    minOfferCents: bigint('min_offer_cents', { mode: 'number' }),
    // The price of the current reservation when an accepted offer set it; null: the asking price.
    agreedPriceCents: bigint('agreed_price_cents', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The card's filter fields, copied by triggers on both tables (decision 120) so the gallery's
    // search is answered by the listings alone. `search` is the card's words plus the terms
    // '#sport=<sport>' and '#grader=<grader>', which no typed word can prefix-match.
    search: tsvector('search'),
    cardSport: text('card_sport', { enum: sports }),
    cardGrader: text('card_grader', { enum: graders }),
    cardGradeValue: real('card_grade_value'),
    cardYear: integer('card_year'),
  },
  (t) => [
    // The gallery's search: words, sport and grader in one index.
    index('listings_open_search_idx')
      .using('gin', t.search)
      .with({ fastupdate: false })
      .where(sql`${t.status} in ('active', 'reserved')`),
    // One active or reserved listing per card.
    uniqueIndex('listings_card_open_uq')
      .on(t.cardId)
      .where(sql`${t.status} in ('active', 'reserved')`),
    // The gallery: open listings, featured first, newest first.
    index('listings_open_idx')
      .on(t.featuredUntil.desc(), t.createdAt.desc())
      .where(sql`${t.status} in ('active', 'reserved')`),
    index('listings_open_price_idx')
      .on(t.priceCents)
      .where(sql`${t.status} in ('active', 'reserved')`),
    // The lapse job's scan.
    index('listings_reserved_idx')
      .on(t.reservedUntil)
      .where(sql`${t.status} = 'reserved'`),
    index('listings_seller_idx').on(t.sellerId),
  ],
);

/** Every completed sale: a MarketPlace purchase or the house buying through a sell offer. Written once. */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: saleKinds }).notNull(),
    listingId: uuid('listing_id').references(() => listings.id),
    sellOfferId: uuid('sell_offer_id'),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    // Null: the house sold it.
    sellerId: uuid('seller_id').references(() => users.id),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    feesCents: bigint('fees_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    sellerProceedsCents: bigint('seller_proceeds_cents', { mode: 'number' }).notNull(),
    payoutStatus: text('payout_status', { enum: payoutStatuses }).notNull().default('none'),
    payoutPaidAt: timestamp('payout_paid_at', { withTimezone: true }),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sales_listing_uq').on(t.listingId),
    uniqueIndex('sales_sell_offer_uq').on(t.sellOfferId),
    index('sales_sold_at_idx').on(t.soldAt.desc()),
    index('sales_buyer_idx').on(t.buyerId, t.soldAt.desc()),
    index('sales_seller_idx').on(t.sellerId, t.soldAt.desc()),
  ],
);

/** A member asks for a registry card to be listed at a price or taken into the vault. */
export const cardRequests = pgTable(
  'card_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    kind: text('kind', { enum: cardRequestKinds }).notNull(),
    status: text('status', { enum: cardRequestStatuses }).notNull().default('pending'),
    askingPriceCents: bigint('asking_price_cents', { mode: 'number' }),
    note: text('note'),
    adminNote: text('admin_note'),
    listingId: uuid('listing_id').references(() => listings.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('card_requests_open_uq')
      .on(t.cardId)
      .where(sql`${t.status} in ('pending', 'approved')`),
    index('card_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('card_requests_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** A member offers a registry card to the house at a price; the admin accepts, rejects or counters. */
export const sellOffers = pgTable(
  'sell_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    status: text('status', { enum: sellOfferStatuses }).notNull().default('pending'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    counterPriceCents: bigint('counter_price_cents', { mode: 'number' }),
    finalPriceCents: bigint('final_price_cents', { mode: 'number' }),
    note: text('note'),
    adminNote: text('admin_note'),
    saleId: uuid('sale_id').references(() => sales.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sell_offers_open_uq')
      .on(t.cardId)
      .where(sql`${t.status} in ('pending', 'countered')`),
    index('sell_offers_user_idx').on(t.userId, t.createdAt.desc()),
    index('sell_offers_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** A seller asks for a listing to be featured for some days. */
export const promotionRequests = pgTable(
  'promotion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    days: integer('days').notNull(),
    status: text('status', { enum: promotionStatuses }).notNull().default('pending'),
    note: text('note'),
    adminNote: text('admin_note'),
    featuredUntil: timestamp('featured_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotion_requests_pending_uq')
      .on(t.listingId)
      .where(sql`${t.status} = 'pending'`),
    index('promotion_requests_status_idx').on(t.status, t.createdAt.desc()),
    index('promotion_requests_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Each aggregate's status history, in the one shape of decision 136 (transition() writes them). */
export const listingEvents = pgTable(
  'listing_events',
  {
    ...statusEventColumns(listingStatuses),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
  },
  (t) => [index('listing_events_listing_idx').on(t.listingId, t.seq)],
);

export const cardRequestEvents = pgTable(
  'card_request_events',
  {
    ...statusEventColumns(cardRequestStatuses),
    cardRequestId: uuid('card_request_id')
      .notNull()
      .references(() => cardRequests.id),
  },
  (t) => [index('card_request_events_request_idx').on(t.cardRequestId, t.seq)],
);

export const sellOfferEvents = pgTable(
  'sell_offer_events',
  {
    ...statusEventColumns(sellOfferStatuses),
    sellOfferId: uuid('sell_offer_id')
      .notNull()
      .references(() => sellOffers.id),
  },
  (t) => [index('sell_offer_events_offer_idx').on(t.sellOfferId, t.seq)],
);

export const promotionRequestEvents = pgTable(
  'promotion_request_events',
  {
    ...statusEventColumns(promotionStatuses),
    promotionRequestId: uuid('promotion_request_id')
      .notNull()
      .references(() => promotionRequests.id),
  },
  (t) => [index('promotion_request_events_request_idx').on(t.promotionRequestId, t.seq)],
);

/** One view of a /secure/{id} page (spec §7): started on open, its time written once on leaving. */
export const secureViews = pgTable(
  'secure_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    listingId: uuid('listing_id').references(() => listings.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    timeSpentSeconds: integer('time_spent_seconds'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('secure_views_started_idx').on(t.startedAt), index('secure_views_card_idx').on(t.cardId, t.startedAt)],
);

/** A sale's payout history (decision 136): owed → paid. */
export const salePayoutEvents = pgTable(
  'sale_payout_events',
  {
    ...statusEventColumns(payoutStatuses),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id),
  },
  (t) => [index('sale_payout_events_sale_idx').on(t.saleId, t.seq)],
);

/** A buyer's offer below the asking price on a listing (issue 34); the seller answers it. */
export const listingOffers = pgTable(
  'listing_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    counterCents: bigint('counter_cents', { mode: 'number' }),
    agreedCents: bigint('agreed_cents', { mode: 'number' }),
    message: text('message'),
    status: text('status', { enum: listingOfferStatuses }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // The reservation's invoice once accepted.
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open (or countered) offer per buyer and listing.
    uniqueIndex('listing_offers_open_uq')
      .on(t.listingId, t.buyerId)
      .where(sql`${t.status} in ('open', 'countered')`),
    index('listing_offers_listing_idx').on(t.listingId, t.createdAt.desc()),
    index('listing_offers_buyer_idx').on(t.buyerId, t.createdAt.desc()),
    index('listing_offers_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('open', 'countered')`),
  ],
);

export const listingOfferEvents = pgTable(
  'listing_offer_events',
  {
    ...statusEventColumns(listingOfferStatuses),
    listingOfferId: uuid('listing_offer_id')
      .notNull()
      .references(() => listingOffers.id),
  },
  (t) => [index('listing_offer_events_offer_idx').on(t.listingOfferId, t.seq)],
);
