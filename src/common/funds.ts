import { z } from 'zod';
import { custodyStates, graders, sports } from './cards.ts';
import { dateOnlySchema } from './date-only-schema.ts';
import {
  MICRO_PER_UNIT,
  UNIT_DECIMALS,
  fundRequestKinds,
  fundRequestStatuses,
  fundStatuses,
  fundTransactionKinds,
  fundTransactionSources,
  fundTransactionStatuses,
} from './fund-values.ts';

export * from './fund-values.ts';

/** How a holding's value at a date was found (decision 082). */
export const markSources = ['index', 'manual', 'cost'] as const;
export type MarkSource = (typeof markSources)[number];
export const markSourceLabels: Record<MarkSource, string> = {
  index: 'Index price',
  manual: 'Manual mark',
  cost: 'Cost basis',
};

/** How a card came into a fund: from the house vault, or bought from a member. */
export const holdingAcquisitions = ['house', 'member'] as const;
export type HoldingAcquisition = (typeof holdingAcquisitions)[number];

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** The price of one unit before a fund's first valuation with units outstanding: $100.00. */
export const DEFAULT_INITIAL_UNIT_PRICE_CENTS = 10_000;
export const FUND_MONEY_MAX_CENTS = 1_000_000_000_00; // $1,000,000,000
export const FEE_BPS_MAX = 1_000; // 10% a year
export const DAYS_PER_YEAR = 365;
export const FUND_NAME_MAX = 100;
export const FUND_TEXT_MAX = 4000;
export const FUND_NOTE_MAX = 500;

// ---------------------------------------------------------------------------------------------
// Accounting (pure, exact). Decision 080: every rounding is toward the fund (down), in BigInt.
// ---------------------------------------------------------------------------------------------

const big = (n: number) => BigInt(Math.trunc(n));
const floorDiv = (a: bigint, b: bigint) => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};

/** Gross asset value: the holdings' marks plus cash. */
export function grossAssetsCents(input: { marksCents: readonly number[]; cashCents: number }): number {
  return input.marksCents.reduce((s, m) => s + m, 0) + input.cashCents;
}

/**
 * The management fee accrued over `days` on `grossCents`: gross × bps ÷ 10,000 × days ÷ 365,
 * rounded down to the cent (never negative).
 */
export function accruedFeeCents(input: { grossCents: number; feeBps: number; days: number }): number {
  if (input.grossCents <= 0 || input.feeBps <= 0 || input.days <= 0) return 0;
  return Number(floorDiv(big(input.grossCents) * big(input.feeBps) * big(input.days), 10_000n * big(DAYS_PER_YEAR)));
}

/** NAV = holdings marked value + cash − accrued fees. */
export function navCents(input: { marksCents: readonly number[]; cashCents: number; accruedFeeCents: number }): number {
  return grossAssetsCents(input) - input.accruedFeeCents;
}

/** The dealing price: NAV ÷ units outstanding (cents per unit), or the initial price when no units exist. */
export interface DealingPrice {
  navCents: number;
  unitsMicro: number;
  initialUnitPriceCents: number;
}

/** NAV per unit in cents (for display; dealing uses the exact ratio). */
export function navPerUnitCents(p: DealingPrice): number {
  if (p.unitsMicro <= 0) return p.initialUnitPriceCents;
  return (p.navCents * MICRO_PER_UNIT) / p.unitsMicro;
}

/**
 * Units issued for `amountCents` at the dealing price, in micro-units, rounded down:
 * floor(amount × units ÷ NAV), or floor(amount × 10⁶ ÷ initial price) with no units yet.
 */
export function unitsForSubscription(amountCents: number, p: DealingPrice): number {
  if (amountCents <= 0) return 0;
  if (p.unitsMicro <= 0 || p.navCents <= 0) return Number(floorDiv(big(amountCents) * big(MICRO_PER_UNIT), big(p.initialUnitPriceCents)));
  return Number(floorDiv(big(amountCents) * big(p.unitsMicro), big(p.navCents)));
}

/** Cash paid for redeeming `unitsMicro` at the dealing price, rounded down: floor(units × NAV ÷ total units). */
export function cashForRedemption(unitsMicro: number, p: DealingPrice): number {
  if (unitsMicro <= 0) return 0;
  if (p.unitsMicro <= 0) return 0;
  return Number(floorDiv(big(unitsMicro) * big(p.navCents), big(p.unitsMicro)));
}

/** A holder's value at the dealing price, rounded down to the cent. */
export function positionValueCents(unitsMicro: number, p: DealingPrice): number {
  if (unitsMicro <= 0) return 0;
  if (p.unitsMicro <= 0) return Number(floorDiv(big(unitsMicro) * big(p.initialUnitPriceCents), big(MICRO_PER_UNIT)));
  return cashForRedemption(unitsMicro, p);
}

/**
 * Splits a fee among holders in proportion to units, each share rounded down; the cents left by
 * rounding go one each to the largest holders (ties by order given), so the shares sum to the fee.
 */
export function splitFee(feeCents: number, holders: readonly { key: string; unitsMicro: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  const total = holders.reduce((s, h) => s + Math.max(0, h.unitsMicro), 0);
  if (feeCents <= 0 || total <= 0) {
    for (const h of holders) out.set(h.key, 0);
    return out;
  }
  let given = 0;
  for (const h of holders) {
    const share = Number(floorDiv(big(feeCents) * big(Math.max(0, h.unitsMicro)), big(total)));
    out.set(h.key, share);
    given += share;
  }
  const order = holders
    .map((h, i) => ({ h, i }))
    .filter(({ h }) => h.unitsMicro > 0)
    .sort((a, b) => b.h.unitsMicro - a.h.unitsMicro || a.i - b.i);
  for (let k = 0; given < feeCents && order.length > 0; k++, given++) {
    const key = order[k % order.length].h.key;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/** Whole days from `from` to `to` (YYYY-MM-DD, UTC). */
export function daysBetweenDates(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Percentage change from `from` to `to` (null when there is no base). */
export function performancePct(from: number | null | undefined, to: number | null | undefined): number | null {
  if (from === null || from === undefined || to === null || to === undefined || from <= 0) return null;
  return ((to - from) / from) * 100;
}

/** `"1.5"` → 1500000 micro-units; null when it is not a number with at most 6 decimals. */
export function parseUnits(text: string): number | null {
  const m = /^\s*(\d{1,12})(?:\.(\d{0,6}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!m) return null;
  return Number(m[1]) * MICRO_PER_UNIT + Number((m[2] ?? '').padEnd(UNIT_DECIMALS, '0') || '0');
}

/** The split of a deposit by fund percentages, rounded down; the leftover cents go to the largest share. */
export function splitByPercent(
  amountCents: number,
  parts: readonly { fundId: string; percent: number }[],
): { fundId: string; amountCents: number }[] {
  const out = parts.map((p) => ({ fundId: p.fundId, amountCents: Math.floor((amountCents * p.percent) / 100) }));
  const left = amountCents - out.reduce((s, o) => s + o.amountCents, 0);
  if (out.length > 0 && left > 0) {
    let best = 0;
    for (let i = 1; i < parts.length; i++) if (parts[i].percent > parts[best].percent) best = i;
    out[best].amountCents += left;
  }
  return out.filter((o) => o.amountCents > 0);
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const fundMessages = {
  notFound: 'Fund not found',
  holdingNotFound: 'Holding not found',
  requestNotFound: 'Request not found',
  transactionNotFound: 'Transaction not found',
  investorNotFound: 'Investor not found',
  nameRequired: 'Enter the fund’s name',
  nameTooLong: `At most ${FUND_NAME_MAX} characters`,
  slugInvalid: 'Use lowercase letters, digits and dashes',
  slugTaken: 'Another fund already uses this slug',
  textTooLong: `At most ${FUND_TEXT_MAX} characters`,
  noteTooLong: `At most ${FUND_NOTE_MAX} characters`,
  centsWhole: 'Enter an amount in whole cents',
  amountPositive: 'Enter an amount above $0.00',
  amountTooLarge: 'That amount is too large',
  feeBps: `Enter the fee in basis points, from 0 to ${FEE_BPS_MAX}`,
  date: 'Enter the date as YYYY-MM-DD',
  dateFuture: 'The date cannot be in the future',
  dateBeforeInception: 'The date cannot be before the fund’s inception',
  closed: 'This fund is closed to new investment',
  /** Applies to a member's first subscription; later ones may be any amount. */
  belowMinimum: (min: string) => `The minimum investment in this fund is ${min}`,
  unitsRequired: 'Enter the units to redeem, with at most 6 decimals',
  unitsPositive: 'Enter more than 0 units',
  unitsTooMany: (held: string) => `You can redeem at most ${held} units`,
  noPosition: 'You hold no units in this fund',
  requestNotPending: 'This request has already been decided',
  transactionNotPending: 'Only a transaction awaiting the next valuation can be cancelled',
  valuationBeforeLast: (last: string) => `A valuation must be after the last one (${last})`,
  valuationExists: (day: string) => `This fund was already valued on ${day}`,
  cashShort: (cash: string) => `The fund’s cash (${cash}) does not cover this`,
  holdingDisposed: 'This holding has been disposed of',
  holdingIndexMarked: 'This holding is marked from the index; manual marks apply only to cards the index does not follow',
  cardNotVaulted: 'Only a card in the vault can go into a fund',
  cardNotHouse: 'This card is not in the house vault',
  cardAlreadyInFund: 'This card is already in a fund',
  allocationTotal: 'Fund percentages must add up to 100%',
  allocationDuplicate: 'Choose each fund once',
  allocationFundClosed: (name: string) => `${name} is closed to new investment`,
  allocationFundUnknown: 'Choose funds that are open to investment',
  requestSentTitle: 'Request received',
  subscriptionRequested: 'Your subscription request was sent. It is dealt at the next valuation once approved.',
  redemptionRequested: 'Your redemption request was sent. It is dealt at the next valuation once approved.',
  confirmValuation: 'Running a valuation deals every pending subscription and redemption at its price. It cannot be undone.',
  confirmDispose: 'Disposing of a holding adds the proceeds to the fund’s cash and releases the card. It cannot be undone.',
  confirmBuy: 'Buying the card moves its cost from the fund’s cash and its ownership to the house.',
} as const;

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

const centsSchema = z
  .number({ error: fundMessages.centsWhole })
  .int(fundMessages.centsWhole)
  .min(0, fundMessages.centsWhole)
  .max(FUND_MONEY_MAX_CENTS, fundMessages.amountTooLarge);
const positiveCents = centsSchema.min(1, fundMessages.amountPositive);
export const isoDateSchema = z.iso.date({ error: fundMessages.date });
const unitsMicroSchema = z
  .number({ error: fundMessages.unitsRequired })
  .int(fundMessages.unitsRequired)
  .min(1, fundMessages.unitsPositive)
  .max(Number.MAX_SAFE_INTEGER, fundMessages.unitsRequired);
const noteSchema = z.string().trim().max(FUND_NOTE_MAX, fundMessages.noteTooLong).optional();

export const fundIdParamsSchema = z.object({ id: z.uuid({ error: fundMessages.notFound }) });
export const fundCardParamsSchema = z.object({
  fundId: z.uuid({ error: fundMessages.notFound }),
  cardId: z.uuid({ error: fundMessages.holdingNotFound }),
});
export const fundHoldingParamsSchema = z.object({
  id: z.uuid({ error: fundMessages.notFound }),
  holdingId: z.uuid({ error: fundMessages.holdingNotFound }),
});
export const fundRequestParamsSchema = z.object({
  id: z.uuid({ error: fundMessages.notFound }),
  requestId: z.uuid({ error: fundMessages.requestNotFound }),
});
export const fundTransactionParamsSchema = z.object({
  id: z.uuid({ error: fundMessages.notFound }),
  transactionId: z.uuid({ error: fundMessages.transactionNotFound }),
});

/** POST /api/funds/{id}/subscription-requests */
export const subscriptionRequestInputSchema = z.object({ amountCents: positiveCents, note: noteSchema });
export type SubscriptionRequestInput = z.infer<typeof subscriptionRequestInputSchema>;
/** POST /api/funds/{id}/redemption-requests (units in micro-units; `all` redeems the whole position) */
export const redemptionRequestInputSchema = z.union([
  z.object({ unitsMicro: unitsMicroSchema, note: noteSchema }),
  z.object({ all: z.literal(true), note: noteSchema }),
]);
export type RedemptionRequestInput = z.infer<typeof redemptionRequestInputSchema>;

const slugSchema = z
  .string()
  .trim()
  .min(2, fundMessages.slugInvalid)
  .max(60, fundMessages.slugInvalid)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, fundMessages.slugInvalid);

/** POST /api/admin/funds */
export const createFundSchema = z.object({
  name: z.string({ error: fundMessages.nameRequired }).trim().min(1, fundMessages.nameRequired).max(FUND_NAME_MAX, fundMessages.nameTooLong),
  slug: slugSchema.optional(),
  description: z.string().trim().max(FUND_TEXT_MAX, fundMessages.textTooLong).default(''),
  strategy: z.string().trim().max(FUND_TEXT_MAX, fundMessages.textTooLong).default(''),
  documents: z.string().trim().max(FUND_TEXT_MAX, fundMessages.textTooLong).default(''),
  status: z.enum(fundStatuses).default('open'),
  minimumInvestmentCents: positiveCents,
  managementFeeBps: z
    .number({ error: fundMessages.feeBps })
    .int(fundMessages.feeBps)
    .min(0, fundMessages.feeBps)
    .max(FEE_BPS_MAX, fundMessages.feeBps),
  inceptionDate: isoDateSchema,
  initialUnitPriceCents: positiveCents.default(DEFAULT_INITIAL_UNIT_PRICE_CENTS),
});
export type CreateFundInput = z.input<typeof createFundSchema>;

/** PATCH /api/admin/funds/{id}: facts only; cash and units change only by transactions. */
export const patchFundSchema = z
  .object({
    name: createFundSchema.shape.name,
    slug: slugSchema,
    description: z.string().trim().max(FUND_TEXT_MAX, fundMessages.textTooLong),
    strategy: z.string().trim().max(FUND_TEXT_MAX, fundMessages.textTooLong),
    documents: z.string().trim().max(FUND_TEXT_MAX, fundMessages.textTooLong),
    status: z.enum(fundStatuses),
    minimumInvestmentCents: positiveCents,
    managementFeeBps: createFundSchema.shape.managementFeeBps,
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, { message: 'Change at least one field' });
export type PatchFundInput = z.infer<typeof patchFundSchema>;

/** POST /api/admin/funds/{id}/holdings: a house-vault card (cost from the fund's cash) or a member's card bought into the fund. */
export const addHoldingSchema = z.object({
  cardId: z.uuid({ error: 'Choose a card' }),
  costBasisCents: positiveCents,
  acquiredOn: isoDateSchema,
  note: noteSchema,
});
export type AddHoldingInput = z.infer<typeof addHoldingSchema>;

/** POST /api/admin/funds/{id}/holdings/{holdingId}/marks */
export const markHoldingSchema = z.object({ valueCents: centsSchema, markedOn: isoDateSchema, note: noteSchema });
export type MarkHoldingInput = z.infer<typeof markHoldingSchema>;

/** POST /api/admin/funds/{id}/holdings/{holdingId}/dispose */
export const disposeHoldingSchema = z.object({ proceedsCents: centsSchema, disposedOn: isoDateSchema, note: noteSchema });
export type DisposeHoldingInput = z.infer<typeof disposeHoldingSchema>;

/** POST /api/admin/funds/{id}/valuations and …/valuations/preview */
export const runValuationSchema = z.object({ valuedOn: isoDateSchema });
export type RunValuationInput = z.infer<typeof runValuationSchema>;

/**
 * POST /api/admin/funds/{id}/transactions (and /api/manager/funds/{id}/transactions for a manager's
 * own clients): record a subscription or redemption for a member (dealt at the next valuation).
 * The same pairs exist for GET …/funds, GET …/funds/{id}, …/transactions/{tid}/cancel and
 * …/requests/{rid}/decision.
 */
export const recordTransactionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('subscription'),
    userId: z.uuid({ error: fundMessages.investorNotFound }),
    amountCents: positiveCents,
    note: noteSchema,
  }),
  z.object({
    kind: z.literal('redemption'),
    userId: z.uuid({ error: fundMessages.investorNotFound }),
    unitsMicro: unitsMicroSchema,
    note: noteSchema,
  }),
]);
export type RecordTransactionInput = z.infer<typeof recordTransactionSchema>;

/** POST /api/admin/funds/{id}/requests/{requestId}/decision (or /api/manager/funds/…) */
export const decideRequestSchema = z.object({ decision: z.enum(['accept', 'reject']), note: noteSchema });
export type DecideRequestInput = z.infer<typeof decideRequestSchema>;

export const adminFundTransactionsQuerySchema = z.object({
  status: z.enum(fundTransactionStatuses).optional(),
  userId: z.uuid().optional(),
});
export const adminFundRequestsQuerySchema = z.object({ status: z.enum(fundRequestStatuses).optional() });

/** The onboarding allocation step's fund choice: open funds with whole percentages adding to 100. */
export const fundAllocationItemSchema = z.object({
  fundId: z.uuid({ error: fundMessages.allocationFundUnknown }),
  percent: z.number({ error: 'Enter a whole percentage' }).int('Enter a whole percentage').min(1, 'At least 1%').max(100, 'At most 100%'),
});
export const fundAllocationSchema = z
  .array(fundAllocationItemSchema)
  .min(1, fundMessages.allocationTotal)
  .max(10, 'Choose at most 10 funds')
  .refine((a) => new Set(a.map((x) => x.fundId)).size === a.length, { message: fundMessages.allocationDuplicate })
  .refine((a) => a.reduce((s, x) => s + x.percent, 0) === 100, { message: fundMessages.allocationTotal });
export type FundAllocation = z.infer<typeof fundAllocationSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const navPointSchema = z.object({
  date: dateOnlySchema,
  navCents: z.number(),
  navPerUnitCents: z.number(),
  /** NAV per unit rebased to 100 at the first point. */
  rebased: z.number(),
});
export type NavPoint = z.infer<typeof navPointSchema>;

export const indexPointSchema = z.object({ date: dateOnlySchema, level: z.number(), rebased: z.number() });
export type IndexPoint = z.infer<typeof indexPointSchema>;

/** The caller's own position in one fund (never another member's). */
export const fundPositionSchema = z.object({
  fundId: z.string(),
  fundName: z.string(),
  fundSlug: z.string(),
  unitsMicro: z.number(),
  /** Units × the last NAV per unit, rounded down. */
  valueCents: z.number(),
  /** Subscriptions dealt minus redemption proceeds. */
  investedCents: z.number(),
  gainCents: z.number(),
  navPerUnitCents: z.number(),
  lastValuedOn: dateOnlySchema.nullable(),
  /** Subscriptions awaiting the next valuation, in cents. */
  pendingSubscriptionCents: z.number(),
  /** Redemptions awaiting the next valuation, in micro-units. */
  pendingRedemptionUnitsMicro: z.number(),
});
export type FundPosition = z.infer<typeof fundPositionSchema>;

/** GET /api/funds: one fund as a card. */
export const fundCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  strategy: z.string(),
  status: z.enum(fundStatuses),
  minimumInvestmentCents: z.number(),
  managementFeeBps: z.number(),
  inceptionDate: dateOnlySchema,
  navCents: z.number().nullable(),
  navPerUnitCents: z.number(),
  lastValuedOn: dateOnlySchema.nullable(),
  /** Since the first valuation, in percent (null before two valuations). */
  performanceSinceInceptionPct: z.number().nullable(),
  /** Over the last year (from the last valuation on or before a year before the latest). */
  performance1yPct: z.number().nullable(),
  holdingsCount: z.number(),
  /** NAV per unit at each valuation, oldest first (at most 24 points). */
  sparkline: z.array(z.object({ date: dateOnlySchema, navPerUnitCents: z.number() })),
});
export type FundCard = z.infer<typeof fundCardSchema>;

export const fundsListResponseSchema = z.object({
  funds: z.array(fundCardSchema),
  positions: z.array(fundPositionSchema),
});
export type FundsListResponse = z.infer<typeof fundsListResponseSchema>;

const cardFactsShape = {
  cardId: z.string(),
  subject: z.string(),
  year: z.number(),
  brand: z.string(),
  cardNumber: z.string().nullable(),
  variety: z.string().nullable(),
  sport: z.enum(sports),
  grader: z.enum(graders),
  grade: z.string().nullable(),
  certNumber: z.string().nullable(),
  /** Served by GET /api/funds/{fundId}/cards/{cardId}/images/{side}?size=thumb|full, or null. */
  thumbnailUrl: z.string().nullable(),
};

export const fundHoldingSchema = z.object({
  id: z.string(),
  ...cardFactsShape,
  costBasisCents: z.number(),
  acquiredOn: dateOnlySchema,
  markCents: z.number(),
  markSource: z.enum(markSources),
  markedOn: dateOnlySchema.nullable(),
  /** Share of the holdings' marked value, 0–1. */
  weight: z.number(),
  /** The index constituent the card matches, when there is one. */
  constituentId: z.string().nullable(),
});
export type FundHolding = z.infer<typeof fundHoldingSchema>;

export const allocationSliceSchema = z.object({ key: z.string(), label: z.string(), valueCents: z.number(), weight: z.number() });
export type AllocationSlice = z.infer<typeof allocationSliceSchema>;

export const fundPendingRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(fundRequestKinds),
  status: z.enum(fundRequestStatuses),
  amountCents: z.number().nullable(),
  unitsMicro: z.number().nullable(),
  createdAt: z.string(),
});

/** GET /api/funds/{id} */
export const fundDetailSchema = fundCardSchema.extend({
  documents: z.string(),
  holdings: z.array(fundHoldingSchema),
  navSeries: z.array(navPointSchema),
  /** The market index on the fund's valuation dates, rebased to 100 at the first (empty without index data). */
  indexSeries: z.array(indexPointSchema),
  allocation: z.object({ bySport: z.array(allocationSliceSchema), byGrade: z.array(allocationSliceSchema) }),
  holdingsValueCents: z.number(),
  cashCents: z.number(),
  position: fundPositionSchema.nullable(),
  /** The caller's own requests in this fund, newest first. */
  requests: z.array(fundPendingRequestSchema),
});
export type FundDetail = z.infer<typeof fundDetailSchema>;

export const markHistoryPointSchema = z.object({
  date: dateOnlySchema,
  valueCents: z.number(),
  source: z.enum(markSources),
  /** Who set a manual mark. */
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type MarkHistoryPoint = z.infer<typeof markHistoryPointSchema>;

export const provenanceEntrySchema = z.object({ kind: z.string(), label: z.string(), at: z.string(), detail: z.string().nullable() });

/** GET /api/funds/{fundId}/cards/{cardId} */
export const fundHoldingDetailSchema = z.object({
  fund: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  holding: fundHoldingSchema.extend({
    custody: z.enum(custodyStates),
    disposedOn: dateOnlySchema.nullable(),
    proceedsCents: z.number().nullable(),
    frontImageUrl: z.string().nullable(),
    backImageUrl: z.string().nullable(),
  }),
  markHistory: z.array(markHistoryPointSchema),
  provenance: z.array(provenanceEntrySchema),
});
export type FundHoldingDetail = z.infer<typeof fundHoldingDetailSchema>;

/** GET /api/user/fund-positions (also the dashboard's totals). */
export const fundPositionsResponseSchema = z.object({
  positions: z.array(fundPositionSchema),
  totals: z.object({ investedCents: z.number(), valueCents: z.number(), gainCents: z.number() }),
});
export type FundPositionsResponse = z.infer<typeof fundPositionsResponseSchema>;

export const fundRequestSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  kind: z.enum(fundRequestKinds),
  status: z.enum(fundRequestStatuses),
  user: z.object({ id: z.string(), name: z.string().nullable(), phone: z.string() }),
  amountCents: z.number().nullable(),
  unitsMicro: z.number().nullable(),
  note: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  transactionId: z.string().nullable(),
  createdAt: z.string(),
});
export type FundRequest = z.infer<typeof fundRequestSchema>;
/** The member's answer to a request they made. */
export const fundRequestCreatedSchema = z.object({ request: fundPendingRequestSchema, message: z.string() });

export const fundTransactionSchema = z.object({
  id: z.string(),
  fundId: z.string(),
  kind: z.enum(fundTransactionKinds),
  status: z.enum(fundTransactionStatuses),
  source: z.enum(fundTransactionSources),
  user: z.object({ id: z.string(), name: z.string().nullable(), phone: z.string() }),
  /** Cash in (subscription), out (redemption, set when dealt) or the holder's fee share. */
  amountCents: z.number().nullable(),
  /** Signed: + issued, − redeemed; null until dealt for a subscription; 0 for a fee. */
  unitsMicro: z.number().nullable(),
  navPerUnitCents: z.number().nullable(),
  dealtOn: dateOnlySchema.nullable(),
  valuationId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type FundTransaction = z.infer<typeof fundTransactionSchema>;

export const fundValuationSchema = z.object({
  id: z.string(),
  valuedOn: dateOnlySchema,
  holdingsValueCents: z.number(),
  cashCents: z.number(),
  feeCents: z.number(),
  navCents: z.number(),
  unitsMicro: z.number(),
  navPerUnitCents: z.number(),
  subscriptionsCents: z.number(),
  redemptionsCents: z.number(),
  unitsAfterMicro: z.number(),
  cashAfterCents: z.number(),
  dealtCount: z.number(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type FundValuation = z.infer<typeof fundValuationSchema>;

/** What a valuation for a date would record: the marks, the NAV, and each pending deal at its price. */
export const valuationPreviewSchema = z.object({
  valuedOn: dateOnlySchema,
  lines: z.array(
    z.object({
      holdingId: z.string(),
      cardId: z.string(),
      subject: z.string(),
      valueCents: z.number(),
      source: z.enum(markSources),
      markedOn: dateOnlySchema.nullable(),
    }),
  ),
  holdingsValueCents: z.number(),
  cashCents: z.number(),
  feeCents: z.number(),
  navCents: z.number(),
  unitsMicro: z.number(),
  navPerUnitCents: z.number(),
  deals: z.array(
    z.object({
      transactionId: z.string(),
      kind: z.enum(['subscription', 'redemption']),
      userId: z.string(),
      userName: z.string().nullable(),
      amountCents: z.number(),
      unitsMicro: z.number(),
    }),
  ),
  unitsAfterMicro: z.number(),
  cashAfterCents: z.number(),
});
export type ValuationPreview = z.infer<typeof valuationPreviewSchema>;

export const adminFundSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(fundStatuses),
  /** Assets under management: the last NAV (or cash alone before the first valuation). */
  aumCents: z.number(),
  cashCents: z.number(),
  investorCount: z.number(),
  holdingsCount: z.number(),
  unitsMicro: z.number(),
  navPerUnitCents: z.number(),
  lastValuedOn: dateOnlySchema.nullable(),
  pendingRequests: z.number(),
  pendingTransactions: z.number(),
});
export type AdminFundSummary = z.infer<typeof adminFundSummarySchema>;
export const adminFundsResponseSchema = z.object({ funds: z.array(adminFundSummarySchema) });

export const adminHoldingSchema = fundHoldingSchema.extend({
  disposedOn: dateOnlySchema.nullable(),
  proceedsCents: z.number().nullable(),
  acquiredFrom: z.enum(holdingAcquisitions),
});
export type AdminHolding = z.infer<typeof adminHoldingSchema>;

export const adminInvestorSchema = z.object({
  user: z.object({ id: z.string(), name: z.string().nullable(), phone: z.string() }),
  unitsMicro: z.number(),
  valueCents: z.number(),
  investedCents: z.number(),
  pendingSubscriptionCents: z.number(),
  pendingRedemptionUnitsMicro: z.number(),
});
export type AdminInvestor = z.infer<typeof adminInvestorSchema>;

/** GET /api/admin/funds/{id}: the manage page, all tabs. */
export const adminFundDetailSchema = z.object({
  fund: adminFundSummarySchema.extend({
    description: z.string(),
    strategy: z.string(),
    documents: z.string(),
    minimumInvestmentCents: z.number(),
    managementFeeBps: z.number(),
    inceptionDate: dateOnlySchema,
    initialUnitPriceCents: z.number(),
  }),
  holdings: z.array(adminHoldingSchema),
  valuations: z.array(fundValuationSchema),
  investors: z.array(adminInvestorSchema),
  transactions: z.array(fundTransactionSchema),
  requests: z.array(fundRequestSchema),
});
export type AdminFundDetail = z.infer<typeof adminFundDetailSchema>;

/** GET /api/admin/funds/{id}/candidate-cards: vaulted, unheld cards (house first) that can go into the fund. */
export const candidateCardSchema = z.object({
  ...cardFactsShape,
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  fromHouse: z.boolean(),
  estimatedValueCents: z.number(),
  constituentId: z.string().nullable(),
});
export const candidateCardsResponseSchema = z.object({ cards: z.array(candidateCardSchema) });
export const candidateCardsQuerySchema = z.object({ q: z.string().trim().max(100).optional() });

/** GET /api/funds/open-for-allocation: the open funds the onboarding allocation step may pick. */
export const allocationFundsResponseSchema = z.object({
  funds: z.array(z.object({ id: z.string(), name: z.string(), strategy: z.string(), minimumInvestmentCents: z.number() })),
});

/** One stored fund choice of the onboarding allocation step (in the onboarding view and the manager's client page). */
export const onboardingFundChoiceSchema = fundAllocationItemSchema.extend({ fundName: z.string() });
export type OnboardingFundChoice = z.infer<typeof onboardingFundChoiceSchema>;

/** GET /api/manager/clients/{id}/fund-positions: a manager's own client (admins: any client). */
export const clientFundPositionsResponseSchema = fundPositionsResponseSchema;

// Live: `fund_updated` (src/common/live.ts) names the fund and, for a member's own record, the member.
export const fundUpdateReasons = ['fund', 'holding', 'valuation', 'request', 'transaction'] as const;
export type FundUpdateReason = (typeof fundUpdateReasons)[number];
