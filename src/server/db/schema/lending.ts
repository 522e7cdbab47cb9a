import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { statusEventColumns } from './status-events.ts';
import { installmentStatuses, loanStatuses } from '#common/lending.ts';
import { cards } from './cards.ts';
import { invoices } from './money.ts';
import { users } from './users.ts';

/** A member's loan against registry cards (domain.md: Lending; decision 070). */
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    borrowerId: uuid('borrower_id')
      .notNull()
      .references(() => users.id),
    amountRequestedCents: bigint('amount_requested_cents', { mode: 'number' }).notNull(),
    termMonths: integer('term_months').notNull(),
    purpose: text('purpose').notNull(),
    status: text('status', { enum: loanStatuses }).notNull().default('submitted'),
    offeredAmountCents: bigint('offered_amount_cents', { mode: 'number' }),
    offeredTermMonths: integer('offered_term_months'),
    aprBps: integer('apr_bps'),
    ltvAtOfferBps: integer('ltv_at_offer_bps'),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    // The day the schedule counts from (UTC day of funding).
    fundedOn: date('funded_on', { mode: 'string' }),
    maturityDate: date('maturity_date', { mode: 'string' }),
    outstandingPrincipalCents: bigint('outstanding_principal_cents', { mode: 'number' }).notNull().default(0),
    originationInvoiceId: uuid('origination_invoice_id').references(() => invoices.id),
    // The open payoff invoice, if the member asked for one.
    payoffInvoiceId: uuid('payoff_invoice_id').references(() => invoices.id),
    notes: text('notes'),
    rejectionReason: text('rejection_reason'),
    reviewerId: uuid('reviewer_id').references(() => users.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidReference: text('paid_reference'),
    defaultedAt: timestamp('defaulted_at', { withTimezone: true }),
    collateralTakenAt: timestamp('collateral_taken_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loans_borrower_idx').on(t.borrowerId, t.createdAt.desc()), index('loans_status_idx').on(t.status, t.createdAt.desc())],
);

/** The cards a loan is secured by, with their value when the member applied. */
export const loanCollateral = pgTable(
  'loan_collateral',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    cardId: uuid('card_id')
      .notNull()
      .references(() => cards.id),
    valueAtApplicationCents: bigint('value_at_application_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.cardId] }), index('loan_collateral_card_idx').on(t.cardId)],
);

/** The repayment schedule, fixed at funding; each row becomes an invoice when it falls due. */
export const loanInstallments = pgTable(
  'loan_installments',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    paymentCents: bigint('payment_cents', { mode: 'number' }).notNull(),
    interestCents: bigint('interest_cents', { mode: 'number' }).notNull(),
    principalCents: bigint('principal_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: installmentStatuses }).notNull().default('scheduled'),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.loanId, t.number] }),
    index('loan_installments_due_idx').on(t.status, t.dueDate),
    index('loan_installments_invoice_idx').on(t.invoiceId),
  ],
);

/** Status history. */
export const loanEvents = pgTable(
  'loan_events',
  {
    ...statusEventColumns(loanStatuses),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
  },
  (t) => [index('loan_events_loan_idx').on(t.loanId, t.at)],
);

/** Installment status history (decision 136); an installment is keyed by its loan and number. */
export const loanInstallmentEvents = pgTable(
  'loan_installment_events',
  {
    ...statusEventColumns(installmentStatuses),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    number: integer('number').notNull(),
  },
  (t) => [index('loan_installment_events_installment_idx').on(t.loanId, t.number, t.seq)],
);
