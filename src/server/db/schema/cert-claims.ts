import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { statusEventColumns } from './status-events.ts';
import { graders } from '#common/cards.ts';
import { certClaimPhotoContentTypes, certClaimStatuses } from '#common/cert-claims.ts';
import { cards } from './cards.ts';
import { users } from './users.ts';

/**
 * A member's claim to a card whose certificate someone else registered (decision 130), with the
 * photos of the slab they hold. The photos are stored through the storage provider under
 * server-made keys (`cert-claims/{claimId}/{side}.{ext}`), never in a served folder.
 */
export const certClaims = pgTable(
  'cert_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    claimantId: uuid('claimant_id')
      .notNull()
      .references(() => users.id),
    // Who held the card when the claim was made (the card may change hands before a decision).
    holderId: uuid('holder_id')
      .notNull()
      .references(() => users.id),
    grader: text('grader', { enum: graders }).notNull(),
    certNumber: text('cert_number').notNull(),
    status: text('status', { enum: certClaimStatuses }).notNull().default('open'),
    message: text('message'),
    decisionNote: text('decision_note'),
    decidedById: uuid('decided_by_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    frontKey: text('front_key').notNull(),
    frontContentType: text('front_content_type', { enum: certClaimPhotoContentTypes }).notNull(),
    frontSizeBytes: integer('front_size_bytes').notNull(),
    frontSha256: text('front_sha256').notNull(),
    backKey: text('back_key').notNull(),
    backContentType: text('back_content_type', { enum: certClaimPhotoContentTypes }).notNull(),
    backSizeBytes: integer('back_size_bytes').notNull(),
    backSha256: text('back_sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open claim per member and card: a second is a 409 that points at the first.
    uniqueIndex('cert_claims_open_uq')
      .on(t.cardId, t.claimantId)
      .where(sql`${t.status} = 'open'`),
    index('cert_claims_status_idx').on(t.status, t.createdAt),
    index('cert_claims_claimant_idx').on(t.claimantId, t.createdAt.desc()),
  ],
);

/** Each claim's status history (decision 011), written by transition(). */
export const certClaimEvents = pgTable(
  'cert_claim_events',
  {
    ...statusEventColumns(certClaimStatuses),
    claimId: uuid('claim_id')
      .notNull()
      .references(() => certClaims.id),
  },
  (t) => [index('cert_claim_events_claim_idx').on(t.claimId, t.at)],
);
