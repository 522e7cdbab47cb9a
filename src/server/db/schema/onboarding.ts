import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { kycContentTypes, kycDocumentStatuses, kycDocumentTypes } from '#common/kyc.ts';
import { managerConsentStatuses, onboardingStatuses, tierIds, type Allocation } from '#common/onboarding.ts';
import { statusEventColumns } from './status-events.ts';
import { users } from './users.ts';

/** One client's onboarding, invited by a manager (spec §4's seven statuses, in order). */
export const onboardings = pgTable(
  'onboardings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // One onboarding per phone; the user is linked once the invited phone signs in.
    clientPhone: text('client_phone').notNull().unique(),
    clientName: text('client_name'),
    clientUserId: uuid('client_user_id').references(() => users.id, { onDelete: 'set null' }),
    managerId: uuid('manager_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: onboardingStatuses }).notNull().default('pending_invitation'),
    // The member's consent to the manager (decision 127): the manager sees and acts for the client
    // only while it is accepted. When it last changed, and who the manager was then, is in
    // manager_consent_events.
    managerConsent: text('manager_consent', { enum: managerConsentStatuses }).notNull().default('pending'),
    managerConsentAt: timestamp('manager_consent_at', { withTimezone: true }),
    suggestedTier: text('suggested_tier', { enum: tierIds }),
    tier: text('tier', { enum: tierIds }),
    // The tier's minimum when it was chosen (settings can change later).
    minimumCents: bigint('minimum_cents', { mode: 'number' }),
    allocation: jsonb('allocation').$type<Allocation>(),
    agreementVersion: integer('agreement_version'),
    agreementSha256: text('agreement_sha256'),
    signatureName: text('signature_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signatureIp: text('signature_ip'),
    signatureUserAgent: text('signature_user_agent'),
    depositCents: bigint('deposit_cents', { mode: 'number' }),
    depositConfirmedAt: timestamp('deposit_confirmed_at', { withTimezone: true }),
    depositConfirmedBy: uuid('deposit_confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    inviteCount: integer('invite_count').notNull().default(1),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    lastInvitedAt: timestamp('last_invited_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('onboardings_manager_idx').on(t.managerId, t.lastActivityAt),
    index('onboardings_client_user_idx').on(t.clientUserId),
    index('onboardings_status_idx').on(t.status),
  ],
);

/** Every consent change of an onboarding: invited, accepted, declined, removed, with the manager it was about. */
export const managerConsentEvents = pgTable(
  'manager_consent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onboardingId: uuid('onboarding_id')
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    managerId: uuid('manager_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status', { enum: managerConsentStatuses }),
    toStatus: text('to_status', { enum: managerConsentStatuses }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('manager_consent_events_onboarding_idx').on(t.onboardingId, t.seq)],
);

/** Every status an onboarding entered, with who moved it and when: the step timeline. */
export const onboardingEvents = pgTable(
  'onboarding_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onboardingId: uuid('onboarding_id')
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: onboardingStatuses }),
    toStatus: text('to_status', { enum: onboardingStatuses }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('onboarding_events_onboarding_idx').on(t.onboardingId, t.seq)],
);

/** Identity documents (domain.md: KYC). The file lives in storage under `storageKey`, never in a served folder. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: kycDocumentTypes }).notNull(),
    status: text('status', { enum: kycDocumentStatuses }).notNull().default('pending'),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type', { enum: kycContentTypes }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('kyc_documents_user_idx').on(t.userId, t.createdAt), index('kyc_documents_status_idx').on(t.status, t.createdAt)],
);

/** Review history of identity documents (decision 136); goes with the document when it is replaced. */
export const kycDocumentEvents = pgTable(
  'kyc_document_events',
  {
    ...statusEventColumns(kycDocumentStatuses),
    documentId: uuid('document_id')
      .notNull()
      .references(() => kycDocuments.id, { onDelete: 'cascade' }),
  },
  (t) => [index('kyc_document_events_document_idx').on(t.documentId, t.seq)],
);
