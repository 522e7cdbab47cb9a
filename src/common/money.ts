import { z } from 'zod';
import type { TransitionMap } from './transitions.ts';
import { dateOnlySchema } from './date-only-schema.ts';
import { feeAppliesTo, invoiceRelatedKinds, feeLineTypes, invoiceStatuses, type InvoiceStatus } from './invoice-values.ts';

export * from './invoice-values.ts';

/** Draft → sent → paid | void; a draft can also be voided. Paid and void are final. */
export const invoiceTransitions: TransitionMap<InvoiceStatus> = {
  draft: ['sent', 'void'],
  sent: ['paid', 'void'],
  paid: [],
  void: [],
};

export const paymentProviders = ['test', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** What a checkout session pays for. */
export const checkoutKinds = ['invoice', 'subscription'] as const;
export type CheckoutKind = (typeof checkoutKinds)[number];

/** `processing`: completed at the provider with a delayed method (a bank debit); not yet money. */
export const paymentStatuses = ['pending', 'processing', 'succeeded', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
export const paymentTransitions: TransitionMap<PaymentStatus> = {
  pending: ['processing', 'succeeded', 'failed', 'expired'],
  processing: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
  expired: [],
};

export const subscriptionStatuses = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
};
/** Past due and back follow the provider; canceled is final (a new plan is a new subscription). */
export const subscriptionTransitions: TransitionMap<SubscriptionStatus> = {
  active: ['past_due', 'canceled'],
  past_due: ['active', 'canceled'],
  canceled: [],
};

/** $10,000,000 in cents: the largest single line or base amount. */
export const MONEY_MAX_CENTS = 1_000_000_000;
export const BPS_MAX = 10_000;
export const INVOICE_LINES_MAX = 50;
export const INVOICE_NOTES_MAX = 2000;
export const VOID_REASON_MAX = 500;
export const ADMIN_INVOICES_PAGE_SIZE = 50;
export const INVOICE_NUMBER_PATTERN = /^INV-\d{6,}$/;

export function formatInvoiceNumber(n: number): string {
  return `INV-${String(n).padStart(6, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const moneyMessages = {
  centsWhole: 'Amounts must be whole cents from $0.00 to $10,000,000.00',
  bpsRange: 'Basis points must be a whole number from 0 to 10,000',
  labelRequired: 'Enter a label for the line',
  labelTooLong: 'At most 200 characters',
  nameRequired: 'Enter a name',
  linesEmpty: 'Add at least one line',
  linesTooMany: `At most ${INVOICE_LINES_MAX} lines`,
  baseRequired: 'Enter the base amount the percentage lines apply to',
  linesOrTemplate: 'Add lines or choose a fee template',
  dueDate: 'Enter the due date as YYYY-MM-DD',
  notesTooLong: `At most ${INVOICE_NOTES_MAX} characters`,
  voidReasonRequired: 'Give a reason for voiding the invoice',
  templateNotFound: 'Fee template not found',
  templateInactive: 'This fee template is inactive',
  invoiceNotFound: 'Invoice not found',
  userNotFound: 'Member not found',
  notDraft: 'Only a draft invoice can be edited',
  alreadyPaid: 'This invoice is already paid',
  paymentProcessing: 'A payment for this invoice is processing; you will be told when it clears',
  isVoid: 'This invoice is void',
  notPayable: 'This invoice cannot be paid',
  staleStatus: 'The invoice changed meanwhile; reload and try again',
  zeroTotal: 'An invoice must total more than $0.00',
  sessionNotFound: 'Checkout session not found',
  sessionClosed: 'This checkout session is already closed',
  amountMismatch: 'The amount paid does not match the invoice',
  testProviderOnly: 'The test payment page is only available with the test payment provider',
  planNotFound: 'Plan not found',
  planInactive: 'This plan is no longer offered',
  alreadySubscribed: 'You already have an active membership on this plan',
  subscriptionPending: 'A membership checkout is already open; finish it, or wait until it expires, before starting another',
  noSubscription: 'You have no active membership',
  stripeSignature: 'Invalid webhook signature',
  paymentFailedTitle: 'Payment failed',
  paymentFailed: (number: string, amount: string) =>
    `Your payment of ${amount} for invoice ${number} did not go through; the invoice is open to pay again`,
  stripeMalformed: 'Malformed webhook event',
  providerUnavailable: 'The payment provider did not answer; try again shortly',
  invoiceSentTitle: 'New invoice',
  invoicePaidTitle: 'Invoice paid',
  invoiceSent: (number: string, total: string) => `Invoice ${number} for ${total} is ready to pay`,
  invoicePaid: (number: string, total: string) => `Invoice ${number} for ${total} is paid. Thank you!`,
  paymentDeclined: 'Payment declined',
  subscribedTitle: 'Membership active',
  subscribed: (plan: string) => `Welcome to ${plan}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------

export const centsSchema = z
  .number({ error: moneyMessages.centsWhole })
  .int(moneyMessages.centsWhole)
  .min(0, moneyMessages.centsWhole)
  .max(MONEY_MAX_CENTS, moneyMessages.centsWhole);

export const bpsSchema = z
  .number({ error: moneyMessages.bpsRange })
  .int(moneyMessages.bpsRange)
  .min(0, moneyMessages.bpsRange)
  .max(BPS_MAX, moneyMessages.bpsRange);

const labelSchema = z.string().trim().min(1, moneyMessages.labelRequired).max(200, moneyMessages.labelTooLong);

/** A template line: a fixed amount or basis points of the base amount given when it is used. */
export const feeLineSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fixed'), label: labelSchema, amountCents: centsSchema }),
  z.strictObject({ type: z.literal('bps'), label: labelSchema, basisPoints: bpsSchema }),
]);
export type FeeLine = z.infer<typeof feeLineSchema>;

/** An invoice line as sent by the admin's editor: amounts of percentage lines are computed here. */
export const invoiceLineInputSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('fixed'), label: labelSchema, amountCents: centsSchema }),
  z.strictObject({ type: z.literal('bps'), label: labelSchema, basisPoints: bpsSchema, baseCents: centsSchema }),
]);
export type InvoiceLineInput = z.infer<typeof invoiceLineInputSchema>;

/** A stored invoice line; `amountCents` is always computed on the server. */
export const invoiceLineSchema = z.object({
  type: z.enum(feeLineTypes),
  label: z.string(),
  amountCents: z.number(),
  basisPoints: z.number().nullable(),
  baseCents: z.number().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** Basis points of a base amount, rounded half up to a whole cent. */
export function bpsOf(baseCents: number, basisPoints: number): number {
  return Math.round((baseCents * basisPoints) / BPS_MAX);
}

/**
 * A percentage line's label without a trailing rate it already states ("Seller commission (8%)"
 * → "Seller commission"), so a rate shown beside it is said once. Another rate is kept.
 */
export function labelWithoutRate(label: string, basisPoints: number | null): string {
  const m = /\s*\(\s*(\d+(?:\.\d+)?)\s*%\s*\)\s*$/.exec(label);
  return m && basisPoints !== null && Number(m[1]) === basisPoints / 100 ? label.slice(0, m.index) : label;
}

export function lineFromInput(l: InvoiceLineInput): InvoiceLine {
  return l.type === 'fixed'
    ? { type: 'fixed', label: l.label, amountCents: l.amountCents, basisPoints: null, baseCents: null }
    : { type: 'bps', label: l.label, amountCents: bpsOf(l.baseCents, l.basisPoints), basisPoints: l.basisPoints, baseCents: l.baseCents };
}

/** A template's lines applied to a base amount (the editor's preview and the server's fill). */
export function linesFromTemplate(lines: readonly FeeLine[], baseCents: number): InvoiceLine[] {
  return lines.map((l) => lineFromInput(l.type === 'fixed' ? l : { type: 'bps', label: l.label, basisPoints: l.basisPoints, baseCents }));
}

export function totalOf(lines: readonly Pick<InvoiceLine, 'amountCents'>[]): number {
  return lines.reduce((sum, l) => sum + l.amountCents, 0);
}

const dueDateSchema = z.iso.date({ error: moneyMessages.dueDate });
const notesSchema = z
  .string()
  .trim()
  .max(INVOICE_NOTES_MAX, moneyMessages.notesTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

export const relatedRecordSchema = z.strictObject({
  kind: z.enum(invoiceRelatedKinds),
  id: z.string().trim().min(1).max(100),
});
export type RelatedRecord = z.infer<typeof relatedRecordSchema>;

/** A sent invoice past its due date (today is the viewer's UTC date). */
export function isOverdue(inv: { status: InvoiceStatus; dueDate: string }, now: Date = new Date()): boolean {
  return inv.status === 'sent' && inv.dueDate < now.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Fee templates (admin)
// ---------------------------------------------------------------------------------------------

export const feeTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  appliesTo: z.enum(feeAppliesTo),
  lines: z.array(feeLineSchema),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FeeTemplate = z.infer<typeof feeTemplateSchema>;

export const feeTemplatesResponseSchema = z.object({ templates: z.array(feeTemplateSchema) });
export type FeeTemplatesResponse = z.infer<typeof feeTemplatesResponseSchema>;

const templateLinesSchema = z.array(feeLineSchema).min(1, moneyMessages.linesEmpty).max(INVOICE_LINES_MAX, moneyMessages.linesTooMany);

/** POST /api/admin/fee-templates. */
export const createFeeTemplateSchema = z.strictObject({
  name: z.string().trim().min(1, moneyMessages.nameRequired).max(200, moneyMessages.labelTooLong),
  appliesTo: z.enum(feeAppliesTo),
  lines: templateLinesSchema,
  active: z.boolean().default(true),
});
export type CreateFeeTemplateInput = z.input<typeof createFeeTemplateSchema>;

/** PATCH /api/admin/fee-templates/{id}: any subset. */
export const patchFeeTemplateSchema = z
  .strictObject({
    name: createFeeTemplateSchema.shape.name.optional(),
    appliesTo: z.enum(feeAppliesTo).optional(),
    lines: templateLinesSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Change at least one field' });
export type PatchFeeTemplateInput = z.input<typeof patchFeeTemplateSchema>;

export const idParamsSchema = z.object({ id: z.uuid({ error: 'Not found' }) });
export const okResponseSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

export const invoicePersonSchema = z.object({ id: z.string(), name: z.string().nullable(), phone: z.string() });

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  userId: z.string(),
  user: invoicePersonSchema,
  status: z.enum(invoiceStatuses),
  /** Derived: sent and past its due date. */
  overdue: z.boolean(),
  /** Derived: a delayed payment (a bank debit) for it is on its way; not yet paid, not payable again. */
  processing: z.boolean().optional(),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number(),
  totalCents: z.number(),
  dueDate: dateOnlySchema,
  related: z.object({ kind: z.enum(invoiceRelatedKinds), id: z.string() }).nullable(),
  templateId: z.string().nullable(),
  notes: z.string().nullable(),
  voidReason: z.string().nullable(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  paymentReference: z.string().nullable(),
  /** What succeeded refunds gave back on it (0 when none). */
  refundedCents: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];
/** A refund waits for the provider's answer once. */
export const refundTransitions: TransitionMap<RefundStatus> = {
  pending: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
};

export const refundMessages = {
  amount: 'Enter a refund amount of at least $0.01',
  reasonRequired: 'Enter a reason for the refund',
  notPaid: 'Only a paid invoice can be refunded',
  tooMuch: (asked: string, left: string) => `A refund of ${asked} is more than the ${left} left to refund on this invoice`,
  keyReused: 'This Idempotency-Key was already used for a different refund',
  memberTitle: 'Refund on your invoice',
  member: (number: string, amount: string) => `${amount} of invoice ${number} was refunded to you`,
  membershipEnded: 'The invoice is refunded in full, so its membership has ended.',
} as const;

export const createRefundSchema = z.object({
  amountCents: z
    .number({ error: refundMessages.amount })
    .int(refundMessages.amount)
    .min(1, refundMessages.amount)
    .max(1_000_000_000, refundMessages.amount),
  reason: z.string().trim().min(1, refundMessages.reasonRequired).max(500),
});
export type CreateRefundValues = z.infer<typeof createRefundSchema>;

export const refundSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  amountCents: z.number(),
  reason: z.string(),
  status: z.enum(refundStatuses),
  providerRefundId: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;
export const refundResponseSchema = z.object({ refund: refundSchema, invoice: invoiceSchema });
export const refundsResponseSchema = z.object({ refunds: z.array(refundSchema) });

const invoiceLinesSchema = z.array(invoiceLineInputSchema).min(1, moneyMessages.linesEmpty).max(INVOICE_LINES_MAX, moneyMessages.linesTooMany);

/** POST /api/admin/invoices: lines, or a template with the base amount its percentages apply to. */
export const createInvoiceSchema = z
  .strictObject({
    userId: z.uuid({ error: moneyMessages.userNotFound }),
    lines: invoiceLinesSchema.optional(),
    templateId: z.uuid({ error: moneyMessages.templateNotFound }).optional(),
    baseAmountCents: centsSchema.optional(),
    dueDate: dueDateSchema,
    notes: notesSchema,
    related: relatedRecordSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (!v.lines && !v.templateId) ctx.addIssue({ code: 'custom', path: ['lines'], message: moneyMessages.linesOrTemplate });
  });
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;
export type CreateInvoiceValues = z.output<typeof createInvoiceSchema>;

/** PATCH /api/admin/invoices/{id}: edit fields (draft only), then optionally send or void. */
export const patchInvoiceSchema = z
  .strictObject({
    lines: invoiceLinesSchema.optional(),
    dueDate: dueDateSchema.optional(),
    notes: notesSchema.optional(),
    status: z.enum(['sent', 'void']).optional(),
    voidReason: z.string().trim().max(VOID_REASON_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (Object.keys(v).length === 0) ctx.addIssue({ code: 'custom', message: 'Change at least one field' });
    if (v.status === 'void' && !v.voidReason) ctx.addIssue({ code: 'custom', path: ['voidReason'], message: moneyMessages.voidReasonRequired });
  });
export type PatchInvoiceInput = z.input<typeof patchInvoiceSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const adminInvoicesQuerySchema = z.object({
  status: z.enum(invoiceStatuses).optional(),
  userId: z.uuid().optional(),
  q: z.string().trim().max(100).optional(),
  overdue: booleanQuery,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminInvoicesQuery = z.input<typeof adminInvoicesQuerySchema>;

export const adminInvoicesResponseSchema = z.object({
  invoices: z.array(invoiceSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Sent, unpaid invoices (all of them, not only this page). */
  outstandingCents: z.number(),
  /** Invoices paid since the first of this month (UTC). */
  paidThisMonthCents: z.number(),
});
export type AdminInvoicesResponse = z.infer<typeof adminInvoicesResponseSchema>;

export const invoiceResponseSchema = z.object({ invoice: invoiceSchema });
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;

/** GET /api/user/invoices: the member's invoices (never drafts), open ones first. */
export const userInvoicesResponseSchema = z.object({ invoices: z.array(invoiceSchema) });
export type UserInvoicesResponse = z.infer<typeof userInvoicesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Checkout and payments
// ---------------------------------------------------------------------------------------------

export const checkoutRequestSchema = z.strictObject({ invoiceId: z.uuid({ error: moneyMessages.invoiceNotFound }) });
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const sessionParamsSchema = z.object({ id: z.string().trim().min(1).max(255) });

/** GET /api/checkout/session/{id}: what the success pages and /payment-test show. */
export const checkoutSessionSchema = z.object({
  sessionId: z.string(),
  provider: z.enum(paymentProviders),
  kind: z.enum(checkoutKinds),
  status: z.enum(paymentStatuses),
  amountCents: z.number(),
  invoice: z.object({ id: z.string(), number: z.string(), status: z.enum(invoiceStatuses), totalCents: z.number(), paidAt: z.string().nullable() }),
  plan: z.object({ id: z.string(), name: z.string(), priceCents: z.number() }).nullable(),
  /** Refused because the card's hold ended before the money came (the reservation lapsed or was let go). */
  reservationEnded: z.boolean().optional(),
});
export type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

/** POST /api/payment-test/{id}/complete and /decline (test provider only). */
export const testPaymentResponseSchema = checkoutSessionSchema;

// ---------------------------------------------------------------------------------------------
// Subscriptions
// ---------------------------------------------------------------------------------------------

export const subscriptionPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  priceCents: z.number(),
  benefits: z.array(z.string()),
  active: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;
export const subscriptionPlansResponseSchema = z.object({ plans: z.array(subscriptionPlanSchema) });
export type SubscriptionPlansResponse = z.infer<typeof subscriptionPlansResponseSchema>;

export const subscribeRequestSchema = z.strictObject({ planId: z.uuid({ error: moneyMessages.planNotFound }) });
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;
export const subscribeResponseSchema = checkoutResponseSchema;

export const subscriptionSchema = z.object({
  id: z.string(),
  plan: subscriptionPlanSchema,
  status: z.enum(subscriptionStatuses),
  currentPeriodEnd: z.string().nullable(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/user/subscription and POST /api/user/subscription/cancel. */
export const userSubscriptionResponseSchema = z.object({ subscription: subscriptionSchema.nullable() });
export type UserSubscriptionResponse = z.infer<typeof userSubscriptionResponseSchema>;
