import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid, date } from 'drizzle-orm/pg-core';
import {
  checkoutKinds,
  feeAppliesTo,
  invoiceRelatedKinds,
  invoiceStatuses,
  paymentProviders,
  paymentStatuses,
  refundStatuses,
  subscriptionStatuses,
  type FeeLine,
  type InvoiceLine,
} from '#common/money.ts';
import { reconciliationStatuses, type ReconciliationMismatch } from '#common/ledger.ts';
import { statusEventColumns } from './status-events.ts';
import { users } from './users.ts';

/** Invoice numbers (INV-000123): a sequence never hands the same value to two transactions. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1001, increment: 1 });

export const feeTemplates = pgTable('fee_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  appliesTo: text('applies_to', { enum: feeAppliesTo }).notNull(),
  lines: jsonb('lines').$type<FeeLine[]>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number')
      .notNull()
      .default(sql`'INV-' || lpad(nextval('invoice_number_seq')::text, 6, '0')`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: invoiceStatuses }).notNull().default('draft'),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    relatedKind: text('related_kind', { enum: invoiceRelatedKinds }),
    relatedId: text('related_id'),
    templateId: uuid('template_id').references(() => feeTemplates.id),
    notes: text('notes'),
    voidReason: text('void_reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentReference: text('payment_reference'),
    overdueNoticeAt: timestamp('overdue_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    index('invoices_user_idx').on(t.userId, t.createdAt.desc()),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    index('invoices_related_idx').on(t.relatedKind, t.relatedId),
  ],
);

/** One checkout attempt; `eventIds` keeps the provider events already applied (replays change nothing). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: checkoutKinds }).notNull().default('invoice'),
    planId: uuid('plan_id').references(() => subscriptionPlans.id),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    sessionId: text('session_id').notNull(),
    intentId: text('intent_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('pending'),
    eventIds: jsonb('event_ids').$type<string[]>().notNull().default([]),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_session_uq').on(t.provider, t.sessionId),
    index('payments_invoice_idx').on(t.invoiceId),
    // At most one succeeded payment per invoice: the last guard against paying twice.
    uniqueIndex('payments_one_success_uq')
      .on(t.invoiceId)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);

export const subscriptionPlans = pgTable('subscription_plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
  benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  sortOrder: bigint('sort_order', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => subscriptionPlans.id),
    status: text('status', { enum: subscriptionStatuses }).notNull().default('active'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The invoice whose payment started it: refunded in full, the membership ends (decision 134). */
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    /**
     * The provider event last applied: its `created`, then the object's own latest timestamp.
     * An event older than these never overwrites what a newer one set (Stripe does not deliver in order).
     */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    providerObjectAt: timestamp('provider_object_at', { withTimezone: true }),
    providerEventId: text('provider_event_id'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live membership per member.
    uniqueIndex('subscriptions_one_live_uq')
      .on(t.userId)
      .where(sql`${t.status} <> 'canceled'`),
    uniqueIndex('subscriptions_provider_sub_uq').on(t.providerSubscriptionId),
  ],
);

/**
 * Money given back on a paid invoice, fully or in part: started by an admin (`createdBy`), or
 * made at the provider and learned from its webhook (`createdBy` null, keyed by the provider's
 * refund id). Booked on the ledger once, keyed by this row's id, when it succeeds.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    /** The admin's `Idempotency-Key` and a digest of the request it came with. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    failureReason: text('failure_reason'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_invoice_idx').on(t.invoiceId, t.createdAt),
    uniqueIndex('refunds_provider_refund_uq').on(t.providerRefundId),
    uniqueIndex('refunds_idempotency_key_uq').on(t.idempotencyKey),
  ],
);

/**
 * One comparison of a day's provider clearing account with what the provider reports for that
 * day (decision 138). Each run is kept (the daily job's and every admin's), newest shown first.
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    status: text('status', { enum: reconciliationStatuses }).notNull(),
    ledgerPaymentsCents: bigint('ledger_payments_cents', { mode: 'number' }).notNull().default(0),
    ledgerRefundsCents: bigint('ledger_refunds_cents', { mode: 'number' }).notNull().default(0),
    providerPaymentsCents: bigint('provider_payments_cents', { mode: 'number' }).notNull().default(0),
    providerRefundsCents: bigint('provider_refunds_cents', { mode: 'number' }).notNull().default(0),
    matchedCount: bigint('matched_count', { mode: 'number' }).notNull().default(0),
    pairedByAmountCount: bigint('paired_by_amount_count', { mode: 'number' }).notNull().default(0),
    mismatches: jsonb('mismatches').$type<ReconciliationMismatch[]>().notNull().default([]),
    error: text('error'),
    ranBy: uuid('ran_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reconciliations_day_idx').on(t.day, t.createdAt)],
);

/** Status history (decision 136): an invoice's moves, as for every aggregate; the audit log keeps who did what besides. */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    ...statusEventColumns(invoiceStatuses),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
  },
  (t) => [index('invoice_events_invoice_idx').on(t.invoiceId, t.seq)],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    ...statusEventColumns(paymentStatuses),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.seq)],
);

export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    ...statusEventColumns(subscriptionStatuses),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
  },
  (t) => [index('subscription_events_subscription_idx').on(t.subscriptionId, t.seq)],
);

export const refundEvents = pgTable(
  'refund_events',
  {
    ...statusEventColumns(refundStatuses),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id),
  },
  (t) => [index('refund_events_refund_idx').on(t.refundId, t.seq)],
);
