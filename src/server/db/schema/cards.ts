import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cardEventKinds, cardHoldKinds, custodyStates, graders, sports, type PsaCert } from '#common/cards.ts';
import { users } from './users.ts';

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A graded (or raw) card and who holds it. A deleted card keeps its row (`deletedAt`) so its
 * provenance stays whole; only live cards count against one-card-per-certificate.
 */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    grader: text('grader', { enum: graders }).notNull(),
    certNumber: text('cert_number'),
    grade: text('grade'),
    // 1–10 in halves: exact in a real.
    gradeValue: real('grade_value'),
    year: integer('year').notNull(),
    brand: text('brand').notNull(),
    subject: text('subject').notNull(),
    cardNumber: text('card_number'),
    variety: text('variety'),
    sport: text('sport', { enum: sports }).notNull(),
    estimatedValueCents: bigint('estimated_value_cents', { mode: 'number' }).notNull().default(0),
    // The owner keeps their estimate over a matching constituent's market price (decision 051).
    estimatePinned: boolean('estimate_pinned').notNull().default(false),
    // Our team's appraisal (decision 128): with the index price, the basis a loan is capped on.
    appraisedValueCents: bigint('appraised_value_cents', { mode: 'number' }),
    appraisedAt: timestamp('appraised_at', { withTimezone: true }),
    appraisedById: uuid('appraised_by_id').references(() => users.id),
    custody: text('custody', { enum: custodyStates }).notNull().default('with_owner'),
    // The one claim on the card (decision 022): which domain, and its record's id. Both or neither.
    holdKind: text('hold_kind', { enum: cardHoldKinds }),
    holdRef: uuid('hold_ref'),
    needsReview: boolean('needs_review').notNull().default(false),
    // Storage keys of the resized images; the original upload is not kept (EXIF and all).
    frontFullKey: text('front_full_key'),
    frontThumbKey: text('front_thumb_key'),
    frontImageAt: timestamp('front_image_at', { withTimezone: true }),
    backFullKey: text('back_full_key'),
    backThumbKey: text('back_thumb_key'),
    backImageAt: timestamp('back_image_at', { withTimezone: true }),
    // Admin search: words of the player, set, variety and the certificate number.
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple', coalesce(${cards.subject}, '') || ' ' || coalesce(${cards.brand}, '') || ' ' || coalesce(${cards.variety}, '') || ' ' || coalesce(${cards.certNumber}, ''))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cards_live_cert_uq')
      .on(t.grader, t.certNumber)
      .where(sql`${t.deletedAt} is null and ${t.certNumber} is not null`),
    // The member's registry: their live cards, newest first (id breaks ties, so a page is read in index order).
    index('cards_owner_live_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // The admin list's default order and its certificate look-ups.
    index('cards_live_created_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.deletedAt} is null`),
    index('cards_cert_idx').on(t.certNumber),
    // Searched far more often than written: no pending list for every search to scan (decision 120).
    index('cards_search_idx').using('gin', t.search).with({ fastupdate: false }),
  ],
);

/**
 * Provenance, append-only: rows are inserted, never updated or deleted (a trigger refuses both,
 * and a test checks no code path tries).
 */
export const cardEvents = pgTable(
  'card_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Insertion order: two events of one request share a timestamp.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    kind: text('kind', { enum: cardEventKinds }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    actorId: uuid('actor_id').references(() => users.id),
    impersonatorId: uuid('impersonator_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_events_card_idx').on(t.cardId, t.seq)],
);

/** PSA's answers by certificate number, normalised; reused for 30 days. */
export const psaCerts = pgTable('psa_certs', {
  certNumber: text('cert_number').primaryKey(),
  data: jsonb('data').$type<PsaCert>().notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
