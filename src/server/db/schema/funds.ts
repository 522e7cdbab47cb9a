import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  fundRequestKinds,
  fundRequestStatuses,
  fundStatuses,
  fundTransactionKinds,
  fundTransactionSources,
  fundTransactionStatuses,
  holdingAcquisitions,
  markSources,
} from '#common/funds.ts';
import { cards } from './cards.ts';
import { indexConstituents } from './market-index.ts';
import { onboardings } from './onboarding.ts';
import { statusEventColumns } from './status-events.ts';
import { users } from './users.ts';

/**
 * A managed portfolio of cards. `cashCents` and `unitsMicro` change only inside a holding change
 * or a valuation's transaction (decision 081); units are also the sum of dealt transactions.
 */
export const funds = pgTable('funds', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  strategy: text('strategy').notNull().default(''),
  documents: text('documents').notNull().default(''),
  status: text('status', { enum: fundStatuses }).notNull().default('open'),
  minimumInvestmentCents: bigint('minimum_investment_cents', { mode: 'number' }).notNull(),
  managementFeeBps: integer('management_fee_bps').notNull().default(0),
  inceptionDate: date('inception_date', { mode: 'string' }).notNull(),
  initialUnitPriceCents: bigint('initial_unit_price_cents', { mode: 'number' }).notNull().default(10_000),
  cashCents: bigint('cash_cents', { mode: 'number' }).notNull().default(0),
  unitsMicro: bigint('units_micro', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A card the fund owns (through the house account, held with kind `fund`, ref = this id). */
export const fundHoldings = pgTable(
  'fund_holdings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    constituentId: uuid('constituent_id').references(() => indexConstituents.id),
    acquiredFrom: text('acquired_from', { enum: holdingAcquisitions }).notNull(),
    costBasisCents: bigint('cost_basis_cents', { mode: 'number' }).notNull(),
    acquiredOn: date('acquired_on', { mode: 'string' }).notNull(),
    disposedOn: date('disposed_on', { mode: 'string' }),
    proceedsCents: bigint('proceeds_cents', { mode: 'number' }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fund_holdings_fund_idx').on(t.fundId),
    // A card sits in at most one fund at a time.
    uniqueIndex('fund_holdings_live_card_uq')
      .on(t.cardId)
      .where(sql`${t.disposedOn} is null`),
  ],
);

/** Manual marks, for cards the index does not follow: the value, its date and who set it. */
export const fundMarks = pgTable(
  'fund_marks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => fundHoldings.id),
    markedOn: date('marked_on', { mode: 'string' }).notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    note: text('note'),
    setBy: uuid('set_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fund_marks_holding_idx').on(t.holdingId, t.markedOn)],
);

/** One valuation per fund and date, with the figures it dealt at. */
export const fundValuations = pgTable(
  'fund_valuations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    valuedOn: date('valued_on', { mode: 'string' }).notNull(),
    holdingsValueCents: bigint('holdings_value_cents', { mode: 'number' }).notNull(),
    cashCents: bigint('cash_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    navCents: bigint('nav_cents', { mode: 'number' }).notNull(),
    unitsMicro: bigint('units_micro', { mode: 'number' }).notNull(),
    // Display only: dealing uses nav_cents and units_micro exactly.
    navPerUnitCents: doublePrecision('nav_per_unit_cents').notNull(),
    subscriptionsCents: bigint('subscriptions_cents', { mode: 'number' }).notNull(),
    redemptionsCents: bigint('redemptions_cents', { mode: 'number' }).notNull(),
    unitsAfterMicro: bigint('units_after_micro', { mode: 'number' }).notNull(),
    cashAfterCents: bigint('cash_after_cents', { mode: 'number' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fund_valuations_fund_day_uq').on(t.fundId, t.valuedOn)],
);

/** Each holding's mark in a valuation: the mark history. */
export const fundValuationLines = pgTable(
  'fund_valuation_lines',
  {
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => fundValuations.id),
    holdingId: uuid('holding_id')
      .notNull()
      .references(() => fundHoldings.id),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
    source: text('source', { enum: markSources }).notNull(),
    markedOn: date('marked_on', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.valuationId, t.holdingId] }), index('fund_valuation_lines_holding_idx').on(t.holdingId)],
);

/** Members' requests to invest or redeem, executed (or declined) by a manager or admin. */
export const fundRequests = pgTable(
  'fund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: fundRequestKinds }).notNull(),
    status: text('status', { enum: fundRequestStatuses }).notNull().default('pending'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    unitsMicro: bigint('units_micro', { mode: 'number' }),
    note: text('note'),
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    transactionId: uuid('transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fund_requests_fund_idx').on(t.fundId, t.status), index('fund_requests_user_idx').on(t.userId)],
);

/**
 * The ledger positions come from: rows are inserted pending and dealt once by a valuation, or
 * cancelled while pending; a dealt row is never changed (a trigger refuses it).
 */
export const fundTransactions = pgTable(
  'fund_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: fundTransactionKinds }).notNull(),
    status: text('status', { enum: fundTransactionStatuses }).notNull().default('pending'),
    source: text('source', { enum: fundTransactionSources }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    unitsMicro: bigint('units_micro', { mode: 'number' }),
    valuationId: uuid('valuation_id').references(() => fundValuations.id),
    dealtOn: date('dealt_on', { mode: 'string' }),
    requestId: uuid('request_id').references(() => fundRequests.id),
    onboardingId: uuid('onboarding_id').references(() => onboardings.id, { onDelete: 'set null' }),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fund_transactions_fund_idx').on(t.fundId, t.status),
    index('fund_transactions_user_idx').on(t.userId, t.fundId),
    // One subscription per fund from an onboarding's confirmed deposit.
    uniqueIndex('fund_transactions_onboarding_uq')
      .on(t.onboardingId, t.fundId)
      .where(sql`${t.onboardingId} is not null`),
  ],
);

/** The onboarding allocation step's fund choice: which open funds get what share of the deposit. */
export const fundAllocations = pgTable(
  'fund_allocations',
  {
    onboardingId: uuid('onboarding_id')
      .notNull()
      .references(() => onboardings.id, { onDelete: 'cascade' }),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    percent: integer('percent').notNull(),
  },
  (t) => [primaryKey({ columns: [t.onboardingId, t.fundId] })],
);

/** Status history (decision 136). */
export const fundRequestEvents = pgTable(
  'fund_request_events',
  {
    ...statusEventColumns(fundRequestStatuses),
    fundRequestId: uuid('fund_request_id')
      .notNull()
      .references(() => fundRequests.id),
  },
  (t) => [index('fund_request_events_fund_request_idx').on(t.fundRequestId, t.seq)],
);

export const fundTransactionEvents = pgTable(
  'fund_transaction_events',
  {
    ...statusEventColumns(fundTransactionStatuses),
    fundTransactionId: uuid('fund_transaction_id')
      .notNull()
      .references(() => fundTransactions.id),
  },
  (t) => [index('fund_transaction_events_fund_transaction_idx').on(t.fundTransactionId, t.seq)],
);
