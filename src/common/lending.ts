import { z } from 'zod';
import { custodyStates, graders } from './cards.ts';
import { invoiceStatuses } from './money.ts';
import type { TransitionMap } from './transitions.ts';
import { dateOnlySchema } from './date-only-schema.ts';

// ---------------------------------------------------------------------------------------------
// Value lists and the status machine (domain.md: Lending; decision 070)
// ---------------------------------------------------------------------------------------------

/**
 * submitted → conditionally_approved (offer) → accepted (collateral on its way) → funded → paid |
 * defaulted. Review may end in rejected; the member may decline an offer, or let it expire.
 */
export const loanStatuses = [
  'submitted',
  'conditionally_approved',
  'accepted',
  'funded',
  'paid',
  'defaulted',
  'rejected',
  'declined',
  'expired',
] as const;
export type LoanStatus = (typeof loanStatuses)[number];

export const loanStatusLabels: Record<LoanStatus, string> = {
  submitted: 'Submitted',
  conditionally_approved: 'Conditionally approved',
  accepted: 'Awaiting collateral',
  funded: 'Funded',
  paid: 'Paid',
  defaulted: 'Defaulted',
  rejected: 'Rejected',
  declined: 'Offer declined',
  expired: 'Offer expired',
};

export const loanTransitions: TransitionMap<LoanStatus> = {
  submitted: ['conditionally_approved', 'rejected'],
  // An admin may withdraw an offer (rejected) before the member answers it.
  conditionally_approved: ['accepted', 'declined', 'expired', 'rejected'],
  // Collateral never arrived: the admin rejects, the pledge is released.
  accepted: ['funded', 'rejected'],
  funded: ['paid', 'defaulted'],
  // A defaulted loan can still be settled in full (marked paid manually with a reference).
  defaulted: ['paid'],
  paid: [],
  rejected: [],
  declined: [],
  expired: [],
};

/** Statuses where the collateral is pledged (held with kind 'loan'). */
export const pledgedLoanStatuses: readonly LoanStatus[] = ['accepted', 'funded', 'defaulted'];
/** Statuses still waiting on someone (the admin queue's "open" filter). */
export const openLoanStatuses: readonly LoanStatus[] = ['submitted', 'conditionally_approved', 'accepted'];

export const loanTermOptions = [3, 6, 12] as const;
export type LoanTerm = (typeof loanTermOptions)[number];

/** One row of the repayment schedule. */
export const installmentStatuses = ['scheduled', 'invoiced', 'paid', 'cancelled'] as const;
export type InstallmentStatus = (typeof installmentStatuses)[number];
/** Invoiced when due, paid with its invoice; cancelled when the loan closes first. */
export const installmentTransitions: TransitionMap<InstallmentStatus> = {
  scheduled: ['invoiced', 'cancelled'],
  invoiced: ['paid', 'cancelled'],
  paid: [],
  cancelled: [],
};
export const installmentStatusLabels: Record<InstallmentStatus, string> = {
  scheduled: 'Scheduled',
  invoiced: 'Due',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

/** What an invoice of a loan is for. */
export const loanInvoiceKinds = ['origination', 'installment', 'payoff'] as const;
export type LoanInvoiceKind = (typeof loanInvoiceKinds)[number];
export const loanInvoiceKindLabels: Record<LoanInvoiceKind, string> = {
  origination: 'Origination fee',
  installment: 'Installment',
  payoff: 'Payoff',
};

export const LOAN_PURPOSE_MAX = 500;
export const LOAN_NOTE_MAX = 1000;
export const LOAN_REASON_MAX = 500;
export const LOAN_REFERENCE_MAX = 200;
export const LOAN_COLLATERAL_MAX = 20;
export const ADMIN_LOANS_PAGE_SIZE = 50;
/** $10,000,000 in cents: the largest amount anyone may ask for or offer. */
export const LOAN_AMOUNT_MAX_CENTS = 1_000_000_000;
export const BPS = 10_000;

// ---------------------------------------------------------------------------------------------
// Policy (settings key "lending")
// ---------------------------------------------------------------------------------------------

export const lendingPolicySchema = z
  .strictObject({
    /** The most a loan may be, as basis points of the collateral's lending basis (decision 128). */
    maxLtvBps: z.number().int().min(100, 'Between 1% and 90%').max(9000, 'Between 1% and 90%'),
    minLoanCents: z.number().int().min(100, 'At least $1.00').max(LOAN_AMOUNT_MAX_CENTS, 'At most $10,000,000'),
    terms: z
      .array(z.union([z.literal(3), z.literal(6), z.literal(12)], { error: 'Terms are 3, 6 or 12 months' }))
      .min(1, 'Offer at least one term')
      .max(3),
    aprMinBps: z.number().int().min(0, 'Between 0% and 100%').max(BPS, 'Between 0% and 100%'),
    aprMaxBps: z.number().int().min(0, 'Between 0% and 100%').max(BPS, 'Between 0% and 100%'),
    /** The fee template (applies to loans) the origination fee is billed from; null: no fee. */
    originationFeeTemplateId: z.uuid().nullable(),
    graceDays: z.number().int().min(0, 'Between 0 and 90 days').max(90, 'Between 0 and 90 days'),
    /** How long a member has to accept an offer. */
    offerValidDays: z.number().int().min(1, 'Between 1 and 90 days').max(90, 'Between 1 and 90 days'),
    /** After default, how long before the collateral may be listed as house inventory. */
    defaultNoticeDays: z.number().int().min(0, 'Between 0 and 365 days').max(365, 'Between 0 and 365 days'),
  })
  .refine((p) => p.aprMinBps <= p.aprMaxBps, { message: 'The lowest APR must not exceed the highest', path: ['aprMinBps'] });
export type LendingPolicy = z.infer<typeof lendingPolicySchema>;

export const defaultLendingPolicy: LendingPolicy = {
  maxLtvBps: 4000,
  minLoanCents: 100_000,
  terms: [3, 6, 12],
  aprMinBps: 900,
  aprMaxBps: 1800,
  originationFeeTemplateId: null,
  graceDays: 7,
  offerValidDays: 14,
  defaultNoticeDays: 30,
};

/** GET/PATCH /api/admin/settings/lending. PATCH takes any subset; the merged policy is checked. */
export const patchLendingPolicySchema = z
  .strictObject({
    maxLtvBps: z.number().int(),
    minLoanCents: z.number().int(),
    terms: z.array(z.number().int()),
    aprMinBps: z.number().int(),
    aprMaxBps: z.number().int(),
    originationFeeTemplateId: z.uuid().nullable(),
    graceDays: z.number().int(),
    offerValidDays: z.number().int(),
    defaultNoticeDays: z.number().int(),
  })
  .partial();
export type PatchLendingPolicy = z.infer<typeof patchLendingPolicySchema>;

/** The policy as members see it on /lend (terms in plain words come from these). */
export const publicLendingTermsSchema = z.object({
  maxLtvBps: z.number(),
  minLoanCents: z.number(),
  terms: z.array(z.number()),
  aprMinBps: z.number(),
  aprMaxBps: z.number(),
  graceDays: z.number(),
  offerValidDays: z.number(),
  defaultNoticeDays: z.number(),
  /** The origination fee's lines, in words ("2.00% of the loan", "$50.00"); empty when none. */
  originationFee: z.array(z.object({ label: z.string(), fixedCents: z.number().nullable(), basisPoints: z.number().nullable() })),
});
export type PublicLendingTerms = z.infer<typeof publicLendingTermsSchema>;
export const lendingPolicyResponseSchema = z.object({ policy: lendingPolicySchema, terms: publicLendingTermsSchema });
export type LendingPolicyResponse = z.infer<typeof lendingPolicyResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Messages and toasts (product spec §4: exact toast titles)
// ---------------------------------------------------------------------------------------------

export const loanToastTitles = {
  approved: 'Loan Conditionally Approved',
  rejected: 'Your loan request has been rejected.',
  paid: 'Loan Marked as Paid',
  other: 'Loan Updated',
} as const;
export const LOAN_IN_HAND_MESSAGE = 'The item must be received in hand: our team will pick it up and call you to schedule.';

/** The words a loan_updated event carries for the borrower (and, as-is, for admins). */
export function loanEventMessage(status: LoanStatus, amountCents?: number | null): string {
  switch (status) {
    case 'conditionally_approved':
      return LOAN_IN_HAND_MESSAGE;
    case 'rejected':
      return loanToastTitles.rejected;
    case 'paid':
      return 'Your loan has been marked as paid. Your collateral is released.';
    case 'submitted':
      return 'Your loan application has been submitted.';
    case 'accepted':
      return 'Offer accepted: our team will call you to schedule the pickup.';
    case 'funded':
      return amountCents ? `Your loan of ${dollars(amountCents)} has been funded.` : 'Your loan has been funded.';
    case 'defaulted':
      return 'Your loan is in default: an installment is unpaid past its grace period.';
    case 'declined':
      return 'You declined the loan offer.';
    case 'expired':
      return 'The loan offer has expired.';
  }
}

function dollars(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

export const loanMessages = {
  notFound: 'Loan not found',
  cardsRequired: 'Choose at least one card as collateral',
  tooManyCards: `At most ${LOAN_COLLATERAL_MAX} cards per loan`,
  duplicateCards: 'Each card can be chosen once',
  cardNotYours: 'That card is not in your registry',
  cardNotGraded: 'Only graded cards can be pledged',
  cardNoValue: 'That card has no estimated value yet',
  cardInTransit: 'That card is in transit; pledge it once custody has settled',
  alreadyPledged: 'This card is pledged as loan collateral',
  amountRequired: 'Enter the amount you want to borrow',
  belowMinimum: (minCents: number) => `The minimum loan is ${dollars(minCents)}`,
  aboveCap: (maxCents: number) => `The most you can borrow against these cards is ${dollars(maxCents)}`,
  capBelowMinimum: (maxCents: number, minCents: number) =>
    `These cards support at most ${dollars(maxCents)}, below the minimum loan of ${dollars(minCents)}; add more cards`,
  term: 'Choose a term of 3, 6 or 12 months',
  termNotOffered: 'That term is not offered right now',
  purposeRequired: 'Tell us what the loan is for',
  purposeTooLong: `At most ${LOAN_PURPOSE_MAX} characters`,
  aprRange: (minBps: number, maxBps: number) => `The APR must be from ${formatApr(minBps)} to ${formatApr(maxBps)}`,
  offerAboveCap: (maxCents: number) => `The offer cannot exceed ${dollars(maxCents)} (the LTV cap)`,
  reasonRequired: 'Give the member a reason',
  referenceRequired: 'Enter the payment reference',
  notYourLoan: 'Loan not found',
  offerNotOpen: 'This offer has already been answered',
  offerExpired: 'This offer has expired',
  notAllInVault: 'Every collateral card must be received in the vault before funding',
  notFunded: 'Only a funded loan can be paid off',
  nothingOwed: 'Nothing is owed on this loan',
  notOverdue: 'No installment is past its grace period',
  defaultNeedsReason: 'No installment is past its grace period: give the reason for defaulting this loan now',
  awaitingAppraisal: 'No market price or appraisal yet: it counts for $0 until our team appraises it',
  stale: (current: LoanStatus) => `This loan changed meanwhile: it is now ${loanStatusLabels[current].toLowerCase()}`,
  notAllowed: (from: LoanStatus, to: LoanStatus) =>
    `A ${loanStatusLabels[from].toLowerCase()} loan cannot be marked ${loanStatusLabels[to].toLowerCase()}`,
  feeTemplateNotLoan: 'Choose a fee template that applies to loans',
  notDefaulted: 'Only a defaulted loan’s collateral can be taken into house inventory',
  noticeRunning: (day: string) => `The default notice runs until ${day}; the collateral can be taken after that`,
  collateralTaken: 'The collateral is already in house inventory',
} as const;

// ---------------------------------------------------------------------------------------------
// Arithmetic (pure; integer cents; decision 071)
// ---------------------------------------------------------------------------------------------

/** Half-up rounding of a non-negative rational `num / den` (integers) to an integer, exactly. */
function roundDiv(num: number | bigint, den: number | bigint): number {
  const n = BigInt(num);
  const d = BigInt(den);
  const q = n / d;
  return Number((n - q * d) * 2n >= d ? q + 1n : q);
}

/** The most one may borrow against collateral worth `valueCents`: the LTV cap, rounded down to a cent. */
export function maxLoanCents(valueCents: number, maxLtvBps: number): number {
  return Math.floor((valueCents * maxLtvBps) / BPS);
}

/** Where a card's lending basis comes from (decision 128). */
export const collateralBasisSources = ['estimate', 'market', 'appraisal', 'none'] as const;
export type CollateralBasisSource = (typeof collateralBasisSources)[number];
export const collateralBasisLabels: Record<CollateralBasisSource, string> = {
  estimate: 'Member’s estimate',
  market: 'Market value',
  appraisal: 'Our appraisal',
  none: 'Awaiting appraisal',
};

/**
 * What a card may secure (decision 128): the lower of the member's estimate and an independent
 * value, our appraisal when one is recorded, else the index's market price. With neither, the
 * card counts for nothing until our team appraises it: a member's own number never sets a cap.
 */
export function collateralBasis(input: { estimatedValueCents: number; appraisedValueCents: number | null; marketValueCents: number | null }): {
  basisCents: number;
  source: CollateralBasisSource;
} {
  const independent = input.appraisedValueCents ?? input.marketValueCents;
  if (independent === null) return { basisCents: 0, source: 'none' };
  const from: CollateralBasisSource = input.appraisedValueCents !== null ? 'appraisal' : 'market';
  const estimate = Math.max(0, input.estimatedValueCents);
  return estimate < independent ? { basisCents: estimate, source: 'estimate' } : { basisCents: independent, source: from };
}

/**
 * Whether an installment is unpaid past its grace period on `today`: due on or before
 * today − graceDays − 1 and still open. Only then may a loan be defaulted without an override.
 */
export function pastGrace(installments: readonly { status: InstallmentStatus; dueDate: string }[], today: string, graceDays: number): boolean {
  const lastGraceDay = addDays(today, -graceDays - 1);
  return installments.some((i) => (i.status === 'scheduled' || i.status === 'invoiced') && i.dueDate <= lastGraceDay);
}

/** Loan-to-value in basis points (rounded half up), or null without collateral value. */
export function ltvBps(outstandingCents: number, valueCents: number): number | null {
  if (valueCents <= 0) return null;
  return roundDiv(outstandingCents * BPS, valueCents);
}

/** "12.50%". */
export function formatApr(bps: number): string {
  return `${(bps / 100).toFixed(2)}%`;
}
/** "40%" or "37.5%". */
export function formatBpsPercent(bps: number): string {
  const p = bps / 100;
  return `${Number.isInteger(p) ? p : Number(p.toFixed(2))}%`;
}

/** One month's interest on `balanceCents` at `aprBps` a year (1/12 of the APR), rounded half up. */
export function monthlyInterestCents(balanceCents: number, aprBps: number): number {
  return roundDiv(balanceCents * aprBps, BPS * 12);
}

/** The level monthly payment that amortises `principalCents` over `termMonths`, rounded to the cent. */
export function monthlyPaymentCents(principalCents: number, aprBps: number, termMonths: number): number {
  if (principalCents <= 0 || termMonths <= 0) return 0;
  if (aprBps === 0) return Math.ceil(principalCents / termMonths);
  const r = aprBps / BPS / 12;
  return Math.round((principalCents * r) / (1 - Math.pow(1 + r, -termMonths)));
}

function parseDay(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split('-').map(Number);
  return { y, m, d };
}
function dayString(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}
function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}
/** The UTC day (YYYY-MM-DD) of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `start` plus `months` calendar months, on the same day of the month or the month's last day. */
export function addMonths(start: string, months: number): string {
  const { y, m, d } = parseDay(start);
  const idx = y * 12 + (m - 1) + months;
  const ny = Math.floor(idx / 12);
  const nm = (idx % 12) + 1;
  return dayString(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

/** `start` plus `days` days. */
export function addDays(start: string, days: number): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface ScheduleRow {
  number: number;
  dueDate: string;
  paymentCents: number;
  interestCents: number;
  principalCents: number;
  /** Outstanding principal once this installment is paid. */
  balanceAfterCents: number;
}

/**
 * The monthly schedule from `startDate` (the funding day): installment k falls due k months
 * later. Interest each month is 1/12 of the APR on the outstanding principal, rounded half up;
 * the level payment repays the rest, and the last installment repays whatever principal is left
 * (absorbing every rounding), so the principal parts always sum to the loan.
 */
export function buildSchedule(input: { principalCents: number; aprBps: number; termMonths: number; startDate: string }): ScheduleRow[] {
  const { principalCents, aprBps, termMonths, startDate } = input;
  const payment = monthlyPaymentCents(principalCents, aprBps, termMonths);
  const rows: ScheduleRow[] = [];
  let balance = principalCents;
  for (let k = 1; k <= termMonths; k++) {
    const interest = monthlyInterestCents(balance, aprBps);
    const principal = k === termMonths ? balance : Math.min(balance, Math.max(0, payment - interest));
    balance -= principal;
    rows.push({
      number: k,
      dueDate: addMonths(startDate, k),
      paymentCents: principal + interest,
      interestCents: interest,
      principalCents: principal,
      balanceAfterCents: balance,
    });
  }
  return rows;
}

export interface ScheduleTotals {
  paymentsCents: number;
  interestCents: number;
}
export function scheduleTotals(rows: readonly Pick<ScheduleRow, 'paymentCents' | 'interestCents'>[]): ScheduleTotals {
  return rows.reduce((t, r) => ({ paymentsCents: t.paymentsCents + r.paymentCents, interestCents: t.interestCents + r.interestCents }), {
    paymentsCents: 0,
    interestCents: 0,
  });
}

/**
 * Simple interest on `principalCents` from day `from` (exclusive) to day `to` (inclusive), each
 * day at APR ÷ the days in that day's year (actual/actual: 366 in a leap year), rounded half up
 * once at the end.
 */
export function accruedInterestCents(principalCents: number, aprBps: number, from: string, to: string): number {
  if (principalCents <= 0 || aprBps <= 0 || to <= from) return 0;
  let { y } = parseDay(from);
  const endY = parseDay(to).y;
  // Σ days_in_segment / days_in_year, kept as a fraction over 365·366 so it stays exact.
  let units = 0;
  let cursor = from;
  while (y <= endY) {
    const yearEnd = dayString(y, 12, 31);
    const segEnd = to < yearEnd ? to : yearEnd;
    const days = daysBetween(cursor, segEnd);
    units += days * (isLeapYear(y) ? 365 : 366);
    cursor = segEnd;
    y += 1;
  }
  return roundDiv(BigInt(principalCents) * BigInt(aprBps) * BigInt(units), BPS * 365 * 366);
}

export interface Payoff {
  principalCents: number;
  interestCents: number;
  totalCents: number;
  /** The day interest was counted from (the last paid installment's due date, or funding). */
  interestFrom: string;
  onDate: string;
}

/**
 * The amount that settles a loan on `onDate`: the outstanding principal plus interest accrued to
 * the day since the last paid installment's due date (or the funding day).
 */
export function payoffAmount(input: { outstandingPrincipalCents: number; aprBps: number; interestFrom: string; onDate: string }): Payoff {
  const interest = accruedInterestCents(input.outstandingPrincipalCents, input.aprBps, input.interestFrom, input.onDate);
  return {
    principalCents: input.outstandingPrincipalCents,
    interestCents: interest,
    totalCents: input.outstandingPrincipalCents + interest,
    interestFrom: input.interestFrom,
    onDate: input.onDate,
  };
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

const amountSchema = (msg: string) =>
  z.number({ error: msg }).int('Amounts are whole cents').positive(msg).max(LOAN_AMOUNT_MAX_CENTS, 'At most $10,000,000');
const termSchema = z.union([z.literal(3), z.literal(6), z.literal(12)], { error: loanMessages.term });
const cardIdsSchema = z
  .array(z.uuid({ error: loanMessages.cardNotYours }), { error: loanMessages.cardsRequired })
  .min(1, loanMessages.cardsRequired)
  .max(LOAN_COLLATERAL_MAX, loanMessages.tooManyCards)
  .refine((ids) => new Set(ids).size === ids.length, loanMessages.duplicateCards);

/** POST /api/loans. */
export const applyLoanSchema = z.strictObject({
  cardIds: cardIdsSchema,
  amountRequestedCents: amountSchema(loanMessages.amountRequired),
  termMonths: termSchema,
  purpose: z
    .string({ error: loanMessages.purposeRequired })
    .trim()
    .min(1, loanMessages.purposeRequired)
    .max(LOAN_PURPOSE_MAX, loanMessages.purposeTooLong),
});
export type ApplyLoanInput = z.infer<typeof applyLoanSchema>;

/** GET /api/loans/quote?cardIds=a,b&termMonths=6&aprBps=1200&amountCents=150000 (no side effects). */
export const quoteQuerySchema = z.object({
  cardIds: z
    .string({ error: loanMessages.cardsRequired })
    .transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(cardIdsSchema),
  termMonths: z.coerce.number().pipe(termSchema),
  /** The APR to price at; defaults to the top of the policy's range (the most it could cost). */
  aprBps: z.coerce.number().int().min(0).max(BPS).optional(),
  /** The amount to price; defaults to the most the cards support. */
  amountCents: z.coerce.number().int().positive().max(LOAN_AMOUNT_MAX_CENTS).optional(),
});
export type QuoteQuery = z.input<typeof quoteQuerySchema>;

/** PATCH /api/admin/loans/{id}: one status change with what it needs. */
export const adminLoanPatchSchema = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('conditionally_approved'),
    offeredAmountCents: amountSchema('Enter the amount offered'),
    aprBps: z.number({ error: 'Enter the APR in basis points' }).int().min(0).max(BPS),
    termMonths: termSchema,
    note: z.string().trim().max(LOAN_NOTE_MAX).nullish(),
  }),
  z.strictObject({
    status: z.literal('rejected'),
    reason: z.string({ error: loanMessages.reasonRequired }).trim().min(1, loanMessages.reasonRequired).max(LOAN_REASON_MAX),
  }),
  z.strictObject({ status: z.literal('funded'), note: z.string().trim().max(LOAN_NOTE_MAX).nullish() }),
  z.strictObject({
    status: z.literal('paid'),
    reference: z.string({ error: loanMessages.referenceRequired }).trim().min(1, loanMessages.referenceRequired).max(LOAN_REFERENCE_MAX),
    note: z.string().trim().max(LOAN_NOTE_MAX).nullish(),
  }),
  z.strictObject({
    status: z.literal('defaulted'),
    note: z.string().trim().max(LOAN_NOTE_MAX).nullish(),
    /** Required when no installment is past its grace period (audited as an override). */
    overrideReason: z.string().trim().max(LOAN_REASON_MAX).nullish(),
  }),
]);
export type AdminLoanPatch = z.infer<typeof adminLoanPatchSchema>;

/** What an admin may do to a loan in each status (PATCH /api/admin/loans/{id}); the rest is the member's or the job's. */
export const adminLoanMoves: Record<LoanStatus, AdminLoanPatch['status'][]> = {
  submitted: ['conditionally_approved', 'rejected'],
  conditionally_approved: ['rejected'],
  accepted: ['funded', 'rejected'],
  funded: ['paid', 'defaulted'],
  defaulted: ['paid'],
  paid: [],
  rejected: [],
  declined: [],
  expired: [],
};

export const loanIdParamsSchema = z.object({ id: z.uuid({ error: loanMessages.notFound }) });
export const adminLoansQuerySchema = z.object({
  status: z.enum(loanStatuses).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminLoansQuery = z.input<typeof adminLoansQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const collateralSchema = z.object({
  cardId: z.uuid(),
  subject: z.string(),
  year: z.number(),
  brand: z.string(),
  grader: z.enum(graders),
  grade: z.string().nullable(),
  certNumber: z.string().nullable(),
  custody: z.enum(custodyStates),
  thumbnailUrl: z.string().nullable(),
  valueAtApplicationCents: z.number(),
  /** What the card secures now: its lending basis (`basisCents`); 0 once deleted. */
  currentValueCents: z.number(),
  /** The member's estimate, the index's market price and our appraisal, side by side. */
  estimateCents: z.number(),
  marketValueCents: z.number().nullable(),
  appraisedValueCents: z.number().nullable(),
  appraisedAt: z.string().nullable(),
  basisCents: z.number(),
  basisSource: z.enum(collateralBasisSources),
  /** The card is held by this loan right now. */
  pledged: z.boolean(),
  /** The registry flags it for review (e.g. a PSA re-check disagreed). */
  needsReview: z.boolean(),
});
export type Collateral = z.infer<typeof collateralSchema>;

const person = z.object({ id: z.uuid(), name: z.string().nullable() });

export const installmentSchema = z.object({
  number: z.number(),
  dueDate: dateOnlySchema,
  paymentCents: z.number(),
  interestCents: z.number(),
  principalCents: z.number(),
  balanceAfterCents: z.number(),
  status: z.enum(installmentStatuses),
  invoiceId: z.uuid().nullable(),
  paidAt: z.string().nullable(),
  /** Unpaid past its due date (still within grace, or past it). */
  overdue: z.boolean(),
});
export type Installment = z.infer<typeof installmentSchema>;

export const loanInvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  kind: z.enum(loanInvoiceKinds),
  installmentNumber: z.number().nullable(),
  status: z.enum(invoiceStatuses),
  totalCents: z.number(),
  dueDate: dateOnlySchema.nullable(),
  paidAt: z.string().nullable(),
});
export type LoanInvoice = z.infer<typeof loanInvoiceSchema>;

export const loanEventSchema = z.object({
  from: z.enum(loanStatuses).nullable(),
  to: z.enum(loanStatuses),
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type LoanEvent = z.infer<typeof loanEventSchema>;

export const nextPaymentSchema = z.object({
  installmentNumber: z.number(),
  dueDate: dateOnlySchema,
  amountCents: z.number(),
  /** The invoice to pay at /checkout once it is due; null while only scheduled. */
  invoiceId: z.uuid().nullable(),
  overdue: z.boolean(),
});

/** A loan in lists (GET /api/user/loans, GET /api/admin/loans). */
export const loanSchema = z.object({
  id: z.uuid(),
  borrower: person,
  status: z.enum(loanStatuses),
  amountRequestedCents: z.number(),
  termMonths: z.number(),
  purpose: z.string(),
  offeredAmountCents: z.number().nullable(),
  offeredTermMonths: z.number().nullable(),
  aprBps: z.number().nullable(),
  ltvAtOfferBps: z.number().nullable(),
  offerExpiresAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  fundedAt: z.string().nullable(),
  maturityDate: dateOnlySchema.nullable(),
  outstandingPrincipalCents: z.number(),
  /** Σ of the collateral's lending bases (the lower of estimate and market value or appraisal). */
  collateralValueCents: z.number(),
  /** Live LTV: the amount at risk (outstanding principal once funded, else offered or asked) ÷ current collateral value; null once closed. */
  liveLtvBps: z.number().nullable(),
  /** Live LTV above the policy's cap. */
  ltvWarning: z.boolean(),
  maxLtvBps: z.number(),
  rejectionReason: z.string().nullable(),
  notes: z.string().nullable(),
  reviewer: person.nullable(),
  collateralCount: z.number(),
  nextPayment: nextPaymentSchema.nullable(),
  defaultedAt: z.string().nullable(),
  /** After default: the day from which the collateral may be taken into house inventory. */
  collateralListableAt: z.string().nullable(),
  /** When the collateral was taken into house inventory (POST /api/admin/loans/{id}/take-collateral). */
  collateralTakenAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Loan = z.infer<typeof loanSchema>;

/** GET /api/user/loans/{id} and GET /api/admin/loans/{id}. */
export const loanDetailSchema = loanSchema.extend({
  collateral: z.array(collateralSchema),
  schedule: z.array(installmentSchema),
  invoices: z.array(loanInvoiceSchema),
  events: z.array(loanEventSchema),
  /** Settling in full today (funded loans only). */
  payoffToday: z
    .object({ principalCents: z.number(), interestCents: z.number(), totalCents: z.number(), interestFrom: dateOnlySchema, onDate: dateOnlySchema })
    .nullable(),
  /** Funding checklist: every collateral card is in the vault and pledged to this loan. */
  allCollateralInVault: z.boolean(),
  /** An installment is unpaid past its grace period: the loan may be defaulted without an override reason. */
  pastGrace: z.boolean(),
});
export type LoanDetail = z.infer<typeof loanDetailSchema>;
export const adminLoanDetailSchema = loanDetailSchema.extend({ borrower: person.extend({ phone: z.string() }) });
export type AdminLoanDetail = z.infer<typeof adminLoanDetailSchema>;

export const userLoansResponseSchema = z.object({ loans: z.array(loanSchema), terms: publicLendingTermsSchema });
export type UserLoansResponse = z.infer<typeof userLoansResponseSchema>;

export const adminLoansResponseSchema = z.object({
  loans: z.array(loanSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  counts: z.record(z.enum(loanStatuses), z.number()),
});
export type AdminLoansResponse = z.infer<typeof adminLoansResponseSchema>;

export const quoteCardSchema = z.object({
  cardId: z.uuid(),
  subject: z.string(),
  year: z.number(),
  estimatedValueCents: z.number(),
  marketValueCents: z.number().nullable(),
  appraisedValueCents: z.number().nullable(),
  /** What the card counts for toward the cap: the lower of the estimate and the market value or appraisal. */
  basisCents: z.number(),
  basisSource: z.enum(collateralBasisSources),
  /** Why this card cannot be pledged, or null. */
  refusal: z.string().nullable(),
});

/** GET /api/loans/quote: the calculator. */
export const quoteResponseSchema = z.object({
  cards: z.array(quoteCardSchema),
  collateralValueCents: z.number(),
  maxLoanCents: z.number(),
  minLoanCents: z.number(),
  amountCents: z.number(),
  termMonths: z.number(),
  aprBps: z.number(),
  monthlyPaymentCents: z.number(),
  totalInterestCents: z.number(),
  originationFeeCents: z.number(),
  /** Interest plus the origination fee. */
  totalCostCents: z.number(),
  /** Everything paid back: payments plus the fee. */
  totalRepaidCents: z.number(),
  /** The schedule were it funded today. */
  schedule: z.array(
    installmentSchema.pick({ number: true, dueDate: true, paymentCents: true, interestCents: true, principalCents: true, balanceAfterCents: true }),
  ),
  /** Null when the request is within policy; else why it would be refused. */
  issue: z.string().nullable(),
});
export type LoanQuote = z.infer<typeof quoteResponseSchema>;

export const loanResponseSchema = z.object({ loan: loanDetailSchema });
export const adminLoanResponseSchema = z.object({ loan: adminLoanDetailSchema });
export const payoffResponseSchema = z.object({ invoiceId: z.uuid(), payoff: loanDetailSchema.shape.payoffToday.unwrap() });
export type PayoffResponse = z.infer<typeof payoffResponseSchema>;
