import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { smsDirections } from '#common/sms-convos.ts';

export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    direction: text('direction', { enum: smsDirections }).notNull(),
    phone: text('phone').notNull(),
    body: text('body').notNull(),
    purpose: text('purpose').notNull(),
    provider: text('provider').notNull(),
    // Twilio's MessageSid; unique so a repeated webhook delivery is stored once.
    providerId: text('provider_id').unique(),
    // Outbound: the provider's status, moved on (never back) by its delivery callbacks:
    // queued → sent → delivered | undelivered | failed. Inbound: received.
    status: text('status').notNull(),
    error: text('error'),
    // Twilio's ErrorCode from a delivery callback (e.g. 30003 unreachable handset).
    errorCode: integer('error_code'),
    statusUpdatedAt: timestamp('status_updated_at', { withTimezone: true }),
    sentBy: uuid('sent_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_phone_created_idx').on(t.phone, t.createdAt), index('sms_created_idx').on(t.createdAt)],
);
