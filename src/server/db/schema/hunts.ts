import { bigint, date, index, pgTable, primaryKey, real, text, timestamp, uuid, integer } from 'drizzle-orm/pg-core';
import { statusEventColumns } from './status-events.ts';
import { graders, sports } from '#common/cards.ts';
import { huntStatuses, sourceStatuses } from '#common/hunts.ts';
import { cards } from './cards.ts';
import { users } from './users.ts';

/** A member's sourcing request: a card they want found. */
export const hunts = pgTable(
  'hunts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    sport: text('sport', { enum: sports }).notNull(),
    player: text('player').notNull(),
    year: integer('year'),
    set: text('set'),
    grader: text('grader', { enum: graders }),
    minGrade: real('min_grade'),
    maxBudgetCents: bigint('max_budget_cents', { mode: 'number' }).notNull(),
    deadline: date('deadline', { mode: 'string' }),
    notes: text('notes'),
    status: text('status', { enum: huntStatuses }).notNull().default('pending'),
    // The reason given with the last admin decision (a decline's reason, a closing note).
    statusNote: text('status_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('hunts_status_idx').on(t.status, t.approvedAt.desc()), index('hunts_requester_idx').on(t.requesterId, t.createdAt.desc())],
);

export const huntEvents = pgTable(
  'hunt_events',
  {
    ...statusEventColumns(huntStatuses),
    huntId: uuid('hunt_id')
      .notNull()
      .references(() => hunts.id),
  },
  (t) => [index('hunt_events_hunt_idx').on(t.huntId, t.at)],
);

/** A member's offer to supply the card an active hunt wants: a registry card or one described by hand. */
export const sources = pgTable(
  'sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    huntId: uuid('hunt_id')
      .notNull()
      .references(() => hunts.id),
    responderId: uuid('responder_id')
      .notNull()
      .references(() => users.id),
    cardId: uuid('card_id').references(() => cards.id),
    description: text('description'),
    askingPriceCents: bigint('asking_price_cents', { mode: 'number' }).notNull(),
    note: text('note'),
    status: text('status', { enum: sourceStatuses }).notNull().default('pending'),
    statusNote: text('status_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('sources_hunt_idx').on(t.huntId, t.status),
    index('sources_responder_idx').on(t.responderId, t.createdAt.desc()),
    index('sources_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

export const sourceEvents = pgTable(
  'source_events',
  {
    ...statusEventColumns(sourceStatuses),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id),
  },
  (t) => [index('source_events_source_idx').on(t.sourceId, t.at)],
);

/** Board views for analytics: one row per member and day (a refresh is not a new view). */
export const huntBoardViews = pgTable(
  'hunt_board_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);
