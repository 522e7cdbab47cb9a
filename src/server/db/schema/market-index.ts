import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { graders, sports } from '#common/cards.ts';
import { users } from './users.ts';

/** A card identity the index may hold. Retired constituents keep their rows and prices. */
export const indexConstituents = pgTable(
  'index_constituents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    player: text('player').notNull(),
    year: integer('year').notNull(),
    set: text('set').notNull(),
    cardNumber: text('card_number').notNull(),
    variety: text('variety'),
    grader: text('grader', { enum: graders }).notNull(),
    grade: real('grade').notNull(),
    sport: text('sport', { enum: sports }).notNull(),
    retiredOn: date('retired_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('index_constituents_identity_uq').on(
      sql`lower(${t.player})`,
      t.year,
      sql`lower(${t.set})`,
      sql`lower(${t.cardNumber})`,
      sql`lower(coalesce(${t.variety}, ''))`,
      t.grader,
      t.grade,
    ),
  ],
);

/** Observed sales. `dedupeKey` (day, source, sale reference or price) makes a re-imported row a duplicate. */
export const priceObservations = pgTable(
  'price_observations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    constituentId: uuid('constituent_id')
      .notNull()
      .references(() => indexConstituents.id),
    observedOn: date('observed_on', { mode: 'string' }).notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    saleRef: text('sale_ref'),
    dedupeKey: text('dedupe_key').notNull(),
    importedBy: uuid('imported_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('price_observations_dedupe_uq').on(t.constituentId, t.dedupeKey),
    index('price_observations_constituent_day_idx').on(t.constituentId, t.observedOn),
  ],
);

/** The daily series, rebuilt whole by each recompute. */
export const indexLevels = pgTable('index_levels', {
  day: date('day', { mode: 'string' }).primaryKey(),
  level: doublePrecision('level').notNull(),
  divisor: doublePrecision('divisor').notNull(),
  members: integer('members').notNull(),
});

/** The public divisor log, rebuilt by each recompute from the reviews. */
export const indexDivisorLog = pgTable('index_divisor_log', {
  seq: integer('seq').primaryKey(),
  effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  oldDivisor: doublePrecision('old_divisor'),
  newDivisor: doublePrecision('new_divisor').notNull(),
  level: doublePrecision('level').notNull(),
  added: jsonb('added').$type<string[]>().notNull(),
  removed: jsonb('removed').$type<string[]>().notNull(),
});

/** Reviews an admin published (besides the monthly ones): an input of the recompute. */
export const indexReviews = pgTable('index_reviews', {
  id: uuid('id').primaryKey().defaultRandom(),
  effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Today's members with their units and the day they joined, rebuilt by each recompute. */
export const indexMembers = pgTable('index_members', {
  constituentId: uuid('constituent_id')
    .primaryKey()
    .references(() => indexConstituents.id),
  weight: doublePrecision('weight').notNull(),
  since: date('since', { mode: 'string' }).notNull(),
});
