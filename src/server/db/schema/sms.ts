import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    status: text('status').notNull(),
    error: text('error'),
    sentBy: uuid('sent_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_phone_created_idx').on(t.phone, t.createdAt), index('sms_created_idx').on(t.createdAt)],
);
