import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { accessRequestStatuses, type LaterSubmission } from '#common/access-request.ts';
import { userStatuses } from '#common/auth.ts';
import { statusEventColumns } from './status-events.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull().unique(),
    name: text('name'),
    email: text('email'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isManager: boolean('is_manager').notNull().default(false),
    status: text('status', { enum: userStatuses }).notNull().default('active'),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    smsOptIn: boolean('sms_opt_in').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  // New members per period on the admin dashboard.
  (t) => [index('users_created_idx').on(t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    // The admin's own session, restored by "Return to admin".
    parentSessionId: uuid('parent_session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    // Set when a resend replaced this code or when attempts ran out.
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
  },
  (t) => [index('otp_phone_created_idx').on(t.phone, t.createdAt), index('otp_ip_created_idx').on(t.ip, t.createdAt)],
);

/**
 * One wrong code, and from where. The five-wrong-guesses rule is counted per challenge and client
 * address, and a higher ceiling per phone over an hour (decision 129), so a stranger's guesses do
 * not kill the code another address is about to type.
 */
export const otpFailures = pgTable(
  'otp_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => otpChallenges.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    ip: text('ip'),
    /** Made from a device that holds this phone's device cookie (not counted against the phone's ceiling). */
    trusted: boolean('trusted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_failures_phone_created_idx').on(t.phone, t.createdAt), index('otp_failures_challenge_ip_idx').on(t.challengeId, t.ip)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    impersonatorId: uuid('impersonator_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_created_idx').on(t.createdAt), index('audit_target_idx').on(t.targetType, t.targetId)],
);

export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    instagram: text('instagram'),
    referral: text('referral'),
    termsAccepted: boolean('terms_accepted').notNull(),
    privacyAccepted: boolean('privacy_accepted').notNull(),
    // The Terms of Use version in force when the request was made (the one ticked).
    termsVersion: integer('terms_version'),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    smsOptIn: boolean('sms_opt_in').notNull().default(false),
    status: text('status', { enum: accessRequestStatuses }).notNull().default('pending'),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    note: text('note'),
    // Anonymous repeats never overwrite the first submission; the latest few are kept here.
    laterSubmissions: jsonb('later_submissions').$type<LaterSubmission[]>().notNull().default([]),
    laterCount: integer('later_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('access_requests_status_idx').on(t.status, t.createdAt),
    // Requests per period on the admin dashboard, whatever their status.
    index('access_requests_created_idx').on(t.createdAt),
    // One open request per phone: a second request updates the pending one.
    uniqueIndex('access_requests_pending_phone_uq')
      .on(t.phone)
      .where(sql`status = 'pending'`),
  ],
);

/** Status history (decision 136): suspensions and reinstatements. */
export const userEvents = pgTable(
  'user_events',
  {
    ...statusEventColumns(userStatuses),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('user_events_user_idx').on(t.userId, t.seq)],
);

export const accessRequestEvents = pgTable(
  'access_request_events',
  {
    ...statusEventColumns(accessRequestStatuses),
    accessRequestId: uuid('access_request_id')
      .notNull()
      .references(() => accessRequests.id, { onDelete: 'cascade' }),
  },
  (t) => [index('access_request_events_access_request_idx').on(t.accessRequestId, t.seq)],
);
