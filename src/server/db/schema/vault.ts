import { bigint, index, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { intakeStatuses, outtakeStatuses, type Address } from '#common/vault.ts';
import { statusEventColumns } from './status-events.ts';
import { cards } from './cards.ts';
import { invoices } from './money.ts';
import { users } from './users.ts';

/** A member's cards on their way into the vault (issue 34); received card by card. */
export const vaultIntakes = pgTable(
  'vault_intakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Shown as VI-00001: what the member writes on the parcel.
    number: serial('number').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: intakeStatuses }).notNull().default('awaiting_arrival'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vault_intakes_owner_idx').on(t.ownerId, t.createdAt.desc()), index('vault_intakes_status_idx').on(t.status, t.createdAt)],
);

export const vaultIntakeItems = pgTable(
  'vault_intake_items',
  {
    intakeId: uuid('intake_id')
      .notNull()
      .references(() => vaultIntakes.id),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedById: uuid('received_by_id').references(() => users.id),
    // The appraisal recorded on receipt (also the card's own appraisal, which lending's cap reads).
    appraisedValueCents: bigint('appraised_value_cents', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.intakeId, t.cardId] }), index('vault_intake_items_card_idx').on(t.cardId)],
);

export const vaultIntakeEvents = pgTable(
  'vault_intake_events',
  {
    ...statusEventColumns(intakeStatuses),
    intakeId: uuid('intake_id')
      .notNull()
      .references(() => vaultIntakes.id),
  },
  (t) => [index('vault_intake_events_intake_idx').on(t.intakeId, t.seq)],
);

/** A member's cards going back from the vault, once the fee invoice is paid. */
export const vaultOuttakes = pgTable(
  'vault_outtakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: serial('number').notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: outtakeStatuses }).notNull().default('awaiting_payment'),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    address: jsonb('address').$type<Address>().notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vault_outtakes_owner_idx').on(t.ownerId, t.createdAt.desc()),
    index('vault_outtakes_status_idx').on(t.status, t.createdAt),
    index('vault_outtakes_invoice_idx').on(t.invoiceId),
  ],
);

export const vaultOuttakeItems = pgTable(
  'vault_outtake_items',
  {
    outtakeId: uuid('outtake_id')
      .notNull()
      .references(() => vaultOuttakes.id),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    // The value the fee was quoted on, and the card's fee.
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.outtakeId, t.cardId] }), index('vault_outtake_items_card_idx').on(t.cardId)],
);

export const vaultOuttakeEvents = pgTable(
  'vault_outtake_events',
  {
    ...statusEventColumns(outtakeStatuses),
    outtakeId: uuid('outtake_id')
      .notNull()
      .references(() => vaultOuttakes.id),
  },
  (t) => [index('vault_outtake_events_outtake_idx').on(t.outtakeId, t.seq)],
);
