import { z } from 'zod';
import { dateOnlySchema } from './date-only-schema.ts';

// ---------------------------------------------------------------------------------------------
// Chart of accounts (decision 132)
// ---------------------------------------------------------------------------------------------

/** Account kinds; assets and contra-income carry debit balances, the rest credit balances. */
export const ledgerAccountKinds = ['asset', 'liability', 'income', 'contra_income'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const debitNormal = (kind: LedgerAccountKind) => kind === 'asset' || kind === 'contra_income';

/** The fixed accounts; a fund's cash and investor capital accounts are made on first use. */
export const ledgerAccounts = {
  member_receivable: { name: 'Member receivable', kind: 'asset' },
  provider_clearing: { name: 'Payment provider clearing', kind: 'asset' },
  platform_cash: { name: 'Platform cash', kind: 'asset' },
  loan_principal_receivable: { name: 'Loan principal receivable', kind: 'asset' },
  house_inventory: { name: 'Cards bought by the house', kind: 'asset' },
  seller_payable: { name: 'Seller payable', kind: 'liability' },
  fee_income: { name: 'Fee income', kind: 'income' },
  interest_income: { name: 'Interest income', kind: 'income' },
  membership_income: { name: 'Membership income', kind: 'income' },
  house_sales_income: { name: 'House card sales', kind: 'income' },
  refunds: { name: 'Refunds', kind: 'contra_income' },
} as const satisfies Record<string, { name: string; kind: LedgerAccountKind }>;
export type FixedAccountCode = keyof typeof ledgerAccounts;

export const fundCashAccount = (fundId: string) => `fund_cash:${fundId}`;
export const fundCapitalAccount = (fundId: string) => `fund_capital:${fundId}`;

/** What caused an entry; with the cause's id it is the entry's idempotency key. */
export const ledgerCauseTypes = [
  'invoice_sent',
  'invoice_voided',
  'payment_settled',
  'membership_renewed',
  'sale_settled',
  'house_purchase',
  'seller_payout',
  'loan_funded',
  'installment_paid',
  'loan_settled',
  'fund_dealt',
  'capture_refused',
  'refund',
  'reversal',
] as const;
export type LedgerCauseType = (typeof ledgerCauseTypes)[number];

/** The only currency the ledger takes. */
export const LEDGER_CURRENCY = 'USD';
export const LEDGER_ENTRIES_PAGE_SIZE = 50;

export const ledgerMessages = {
  unbalanced: 'A journal entry must have equal debits and credits',
  empty: 'A journal entry needs at least two lines',
  amount: 'Ledger amounts are whole, non-negative cents on one side of a line',
  currency: 'The ledger takes US dollars only',
  alreadyReversed: 'This entry has already been reversed',
  entryNotFound: 'Journal entry not found',
  futureDay: 'Choose a day that has begun: today or earlier (UTC)',
} as const;

// ---------------------------------------------------------------------------------------------
// Contracts
// ---------------------------------------------------------------------------------------------

export const trialBalanceSchema = z.object({
  debitsCents: z.number().int(),
  creditsCents: z.number().int(),
  balanced: z.boolean(),
  accounts: z.array(z.object({ code: z.string(), name: z.string(), kind: z.enum(ledgerAccountKinds), balanceCents: z.number().int() })),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

// A real calendar day (z.iso.date refuses month 81), so the database never sees an impossible date.
const day = z.iso.date('Enter the date as YYYY-MM-DD');

export const ledgerEntriesQuerySchema = z.object({
  invoiceId: z.uuid('Not a valid id').optional(),
  account: z.string().trim().min(1).max(80).optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type LedgerEntriesQuery = z.infer<typeof ledgerEntriesQuerySchema>;

export const ledgerLineSchema = z.object({
  account: z.string(),
  accountName: z.string(),
  debitCents: z.number().int(),
  creditCents: z.number().int(),
  memo: z.string().nullable(),
  related: z.object({ kind: z.string(), id: z.string() }).nullable(),
  invoiceId: z.string().nullable(),
});

export const ledgerEntrySchema = z.object({
  id: z.string(),
  causeType: z.enum(ledgerCauseTypes),
  causeId: z.string(),
  memo: z.string(),
  currency: z.literal(LEDGER_CURRENCY),
  occurredAt: z.string(),
  reversesEntryId: z.string().nullable(),
  lines: z.array(ledgerLineSchema),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerEntriesResponseSchema = z.object({ entries: z.array(ledgerEntrySchema), page: z.number().int(), pageSize: z.number().int() });
export type LedgerEntriesResponse = z.infer<typeof ledgerEntriesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Reconciliation (decision 138): the provider clearing account against the provider, per day
// ---------------------------------------------------------------------------------------------

export const reconciliationStatuses = ['matched', 'mismatched', 'failed'] as const;
export type ReconciliationStatus = (typeof reconciliationStatuses)[number];

/** What disagreed: money only one side knows of, or both know of in different amounts. */
export const reconciliationMismatchKinds = ['missing_in_ledger', 'missing_at_provider', 'amount_differs'] as const;
export type ReconciliationMismatchKind = (typeof reconciliationMismatchKinds)[number];

export const reconciliationMismatchLabels: Record<ReconciliationMismatchKind, string> = {
  missing_in_ledger: 'At the provider, not in the ledger',
  missing_at_provider: 'In the ledger, not at the provider',
  amount_differs: 'Amounts differ',
};

export const reconciliationMismatchSchema = z.object({
  kind: z.enum(reconciliationMismatchKinds),
  /** Payments taken or refunds given back. */
  flow: z.enum(['payment', 'refund']),
  reference: z.string(),
  ledgerCents: z.number().int(),
  providerCents: z.number().int(),
  invoiceId: z.string().nullable(),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatchSchema>;

export const reconciliationSchema = z.object({
  id: z.string(),
  day: dateOnlySchema,
  provider: z.string(),
  status: z.enum(reconciliationStatuses),
  ledgerPaymentsCents: z.number().int(),
  ledgerRefundsCents: z.number().int(),
  providerPaymentsCents: z.number().int(),
  providerRefundsCents: z.number().int(),
  /** Items matched by reference, and those paired only by amount (a membership known to us by its subscription). */
  matchedCount: z.number().int(),
  pairedByAmountCount: z.number().int(),
  mismatches: z.array(reconciliationMismatchSchema),
  error: z.string().nullable(),
  /** Null when the daily job ran it. */
  ranBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const reconcileRequestSchema = z.object({ day: z.iso.date('Enter the date as YYYY-MM-DD') });
export type ReconcileRequest = z.infer<typeof reconcileRequestSchema>;
export const reconciliationsResponseSchema = z.object({ reconciliations: z.array(reconciliationSchema) });
export type ReconciliationsResponse = z.infer<typeof reconciliationsResponseSchema>;
