import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cards } from './cards.ts';
import { users } from './users.ts';

/**
 * A card shown to anyone holding the token. The token is kept so its owner can copy the link
 * again (decision 021); it is looked up by its SHA-256 and compared in constant time.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    token: text('token').notNull(),
    tokenHash: text('token_hash').notNull(),
    label: text('label'),
    showOwnerName: boolean('show_owner_name').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('share_links_token_hash_uq').on(t.tokenHash), index('share_links_card_idx').on(t.cardId, t.createdAt.desc())],
);

/**
 * One row per visitor per link per hour (the unique index dedupes). The visitor is an HMAC of
 * IP and user agent under a key derived per UTC day: never the raw IP, and not linkable across days.
 */
export const shareViews = pgTable(
  'share_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
    referrerHost: text('referrer_host'),
    country: text('country'),
    isBot: boolean('is_bot').notNull().default(false),
  },
  (t) => [
    uniqueIndex('share_views_visitor_hour_uq').on(t.linkId, t.visitorHash, t.hour),
    index('share_views_at_idx').on(t.at),
    index('share_views_link_at_idx').on(t.linkId, t.at),
  ],
);
