import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { alertKinds, alertSides, alertStatuses } from '#common/alerts.ts';
import { statusEventColumns } from './status-events.ts';
import { indexConstituents } from './market-index.ts';
import { listings } from './marketplace.ts';
import { users } from './users.ts';

/** A member's watch on an index constituent's price or on new listings (decision 147). */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: alertKinds }).notNull(),
    constituentId: uuid('constituent_id').references(() => indexConstituents.id),
    /** The gallery's filters (kind search), as the gallery query schema parsed them. */
    query: jsonb('query').$type<Record<string, unknown>>(),
    aboveCents: bigint('above_cents', { mode: 'number' }),
    belowCents: bigint('below_cents', { mode: 'number' }),
    newListings: boolean('new_listings').notNull().default(false),
    status: text('status', { enum: alertStatuses }).notNull().default('armed'),
    /** While fired: the threshold it crossed, so a move straight to the other side is a new crossing. */
    firedSide: text('fired_side', { enum: alertSides }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.createdAt.desc()),
    index('price_alerts_constituent_idx')
      .on(t.constituentId)
      .where(sql`status <> 'removed'`),
    // One live watch per member and constituent: a second would fire twice for one crossing.
    uniqueIndex('price_alerts_user_constituent_uq')
      .on(t.userId, t.constituentId)
      .where(sql`status <> 'removed' and constituent_id is not null`),
  ],
);

/** The alert's status history (decision 136's shared shape): armed → fired → armed …, removed. */
export const priceAlertEvents = pgTable(
  'price_alert_events',
  {
    ...statusEventColumns(alertStatuses),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => priceAlerts.id),
  },
  (t) => [index('price_alert_events_alert_idx').on(t.alertId, t.at)],
);

/**
 * Each time an alert told its member: a threshold crossed (with the price) or a new listing that
 * matched. A listing is told once per alert (unique), whatever re-runs or re-activations happen.
 */
export const priceAlertFirings = pgTable(
  'price_alert_firings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => priceAlerts.id),
    reason: text('reason', { enum: ['above', 'below', 'listing'] }).notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    listingId: uuid('listing_id').references(() => listings.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alert_firings_alert_idx').on(t.alertId, t.at.desc()),
    uniqueIndex('price_alert_firings_listing_uq').on(t.alertId, t.listingId),
  ],
);
