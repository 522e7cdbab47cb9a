import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ledgerAccountKinds, ledgerCauseTypes } from '#common/ledger.ts';

/** The chart of accounts (decision 132). */
export const ledgerAccountsTable = pgTable('ledger_accounts', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One journal entry per cause; immutable (a trigger refuses UPDATE and DELETE). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    causeType: text('cause_type', { enum: ledgerCauseTypes }).notNull(),
    causeId: text('cause_id').notNull(),
    memo: text('memo').notNull(),
    currency: text('currency').notNull().default('USD'),
    reversesEntryId: uuid('reverses_entry_id'),
    actorId: uuid('actor_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_key_uq').on(t.idempotencyKey),
    // An entry is reversed at most once.
    uniqueIndex('ledger_entries_reverses_uq').on(t.reversesEntryId),
    index('ledger_entries_occurred_idx').on(t.occurredAt),
    check('ledger_entries_usd', sql`${t.currency} = 'USD'`),
  ],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    accountCode: text('account_code')
      .notNull()
      .references(() => ledgerAccountsTable.code),
    debitCents: bigint('debit_cents', { mode: 'number' }).notNull().default(0),
    creditCents: bigint('credit_cents', { mode: 'number' }).notNull().default(0),
    memo: text('memo'),
    relatedKind: text('related_kind'),
    relatedId: text('related_id'),
    invoiceId: uuid('invoice_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_lines_entry_idx').on(t.entryId),
    index('ledger_lines_account_idx').on(t.accountCode, t.occurredAt),
    index('ledger_lines_invoice_idx').on(t.invoiceId),
    check('ledger_lines_one_side', sql`${t.debitCents} >= 0 and ${t.creditCents} >= 0 and (${t.debitCents} = 0) <> (${t.creditCents} = 0)`),
  ],
);
