import { bigserial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The one shape of status history (decision 136): every aggregate's `<aggregate>_events` table
 * has these columns, plus the reference to its row (and an index on it). transition() writes
 * them; nothing else does.
 */
export function statusEventColumns<U extends string, T extends Readonly<[U, ...U[]]>>(statuses: T) {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    // Insertion order: several moves of one row can share a timestamp.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    fromStatus: text('from_status', { enum: statuses }),
    toStatus: text('to_status', { enum: statuses }).notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  };
}
