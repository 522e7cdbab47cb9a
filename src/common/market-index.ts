import { z } from 'zod';
import { graders, sports } from './cards.ts';
import { dateOnlySchema } from './date-only-schema.ts';
import {
  indexWeightings,
  rebalanceCadences,
  rebalanceCadenceMonths,
  DEFAULT_STALE_AFTER_DAYS,
  ELIGIBILITY,
  INDEX_BASE_LEVEL,
  type IndexWeighting,
  type IsoDay,
  type RebalanceCadence,
} from './market-index-values.ts';

// ---------------------------------------------------------------------------------------------
// The method (published on /wsi). Everything here is pure, so the series is reproducible from
// the published observations with nothing but this file.
// ---------------------------------------------------------------------------------------------

export * from './market-index-values.ts';

const scheduledReviewReason: Record<RebalanceCadence, string> = {
  monthly: 'Monthly review',
  quarterly: 'Quarterly review',
  semiannual: 'Half-yearly review',
  annual: 'Yearly review',
};
const scheduledReasons = new Set(Object.values(scheduledReviewReason));

export const indexSettingsSchema = z.object({
  weighting: z.enum(indexWeightings),
  baseDate: dateOnlySchema,
  staleAfterDays: z.number({ error: 'Enter a number of days' }).int('Whole days').min(7, 'Between 7 and 365 days').max(365, 'Between 7 and 365 days'),
  /** Kept as it is when left out (the index page's panel edits the other three). */
  rebalanceCadence: z.enum(rebalanceCadences).optional(),
});
export type IndexSettings = z.infer<typeof indexSettingsSchema>;

const DAY_MS = 86_400_000;
export const dayOf = (d: Date): IsoDay => d.toISOString().slice(0, 10);
export const addDays = (day: IsoDay, n: number): IsoDay => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
export const daysBetween = (from: IsoDay, to: IsoDay) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** A constituent's daily prices: one entry per day with a sale (several sales that day: their average), oldest first. */
export interface DailyPrice {
  day: IsoDay;
  priceCents: number;
}

/** Collapses observations to one price per day (the day's average, to the cent), oldest first. */
export function dailyPrices(observations: readonly { day: IsoDay; priceCents: number }[]): DailyPrice[] {
  const sorted = [...observations].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const out: DailyPrice[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    let sum = 0;
    while (j < sorted.length && sorted[j].day === sorted[i].day) sum += sorted[j++].priceCents;
    out.push({ day: sorted[i].day, priceCents: Math.round(sum / (j - i)) });
    i = j;
  }
  return out;
}

/** Index of the last entry on or before `day` in a sorted list, or -1. */
function lastAtOrBefore(days: readonly { day: IsoDay }[], day: IsoDay): number {
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid].day <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The last observation carried forward: the price on `day`, when it was observed, and whether it is stale. */
export function priceOn(prices: readonly DailyPrice[], day: IsoDay, staleAfterDays = DEFAULT_STALE_AFTER_DAYS) {
  const i = lastAtOrBefore(prices, day);
  if (i < 0) return null;
  const p = prices[i];
  return { priceCents: p.priceCents, observedOn: p.day, stale: daysBetween(p.day, day) > staleAfterDays };
}

/** Sales counted by the eligibility rule on a review day (observations, not daily averages). */
export function eligibility(observationDays: readonly IsoDay[], on: IsoDay) {
  const longFrom = addDays(on, -ELIGIBILITY.longDays);
  const shortFrom = addDays(on, -ELIGIBILITY.shortDays);
  let salesLong = 0;
  let salesShort = 0;
  for (const d of observationDays) {
    if (d > on || d <= longFrom) continue;
    salesLong++;
    if (d > shortFrom) salesShort++;
  }
  return { salesLong, salesShort, eligible: salesLong >= ELIGIBILITY.longSales && salesShort >= ELIGIBILITY.shortSales };
}

/** Units of each member after a review: price weight holds one of each; equal weight buys one dollar's worth of each. */
export function weightsFor(weighting: IndexWeighting, prices: ReadonlyMap<string, number>): Map<string, number> {
  const w = new Map<string, number>();
  for (const [id, p] of prices) w.set(id, weighting === 'price' ? 1 : 100 / p);
  return w;
}

/** Σ wᵢ·pᵢ over the members. */
export function basketValue(weights: ReadonlyMap<string, number>, price: (id: string) => number): number {
  let sum = 0;
  for (const [id, w] of weights) sum += w * price(id);
  return sum;
}

/** D' = D × new basket ÷ old basket, both valued at the same day's prices: the level does not move. */
export function adjustDivisor(oldDivisor: number, oldBasket: number, newBasket: number): number {
  return (oldDivisor * newBasket) / oldBasket;
}

export interface SeriesConstituent {
  id: string;
  /** Every observation's day (for the eligibility counts). */
  observationDays: readonly IsoDay[];
  prices: readonly DailyPrice[];
  retiredOn: IsoDay | null;
}

export interface Review {
  day: IsoDay;
  reason: string;
}

export interface DivisorChange {
  effectiveOn: IsoDay;
  reason: string;
  oldDivisor: number | null;
  newDivisor: number;
  level: number;
  added: string[];
  removed: string[];
}

export interface SeriesResult {
  levels: { day: IsoDay; level: number; divisor: number; members: number }[];
  log: DivisorChange[];
  /** Members on the last day, with their units and the day they (last) joined. */
  members: Map<string, { weight: number; since: IsoDay }>;
}

/** Review days: the base date, the first of every month (or of every cadence's month) after it, admins' published reviews and retirements. */
export function reviewDays(
  baseDate: IsoDay,
  through: IsoDay,
  published: readonly Review[],
  retirements: readonly Review[],
  cadence: RebalanceCadence = 'monthly',
): Map<IsoDay, string> {
  const out = new Map<IsoDay, string>([[baseDate, 'Base date']]);
  const every = rebalanceCadenceMonths[cadence];
  let y = Number(baseDate.slice(0, 4));
  let m = Number(baseDate.slice(5, 7));
  for (;;) {
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
    const day = `${y}-${String(m).padStart(2, '0')}-01`;
    if (day > through) break;
    if ((m - 1) % every === 0) out.set(day, scheduledReviewReason[cadence]);
  }
  for (const r of [...retirements, ...published]) {
    if (r.day < baseDate || r.day > through) continue;
    const had = out.get(r.day);
    out.set(r.day, had && !scheduledReasons.has(had) ? `${had}; ${r.reason}` : r.reason);
  }
  return out;
}

/**
 * The whole series from the base date through `through`: on each review day the eligible,
 * unretired constituents become the members, their units are set by the weighting, and the
 * divisor is adjusted so the level is the same under the old and the new basket. On other days
 * Level = Σ wᵢ·pᵢ(t) ÷ D with last-observation-carried-forward prices.
 */
export function computeSeries(input: {
  constituents: readonly SeriesConstituent[];
  settings: Pick<IndexSettings, 'weighting' | 'baseDate' | 'rebalanceCadence'>;
  published: readonly Review[];
  through: IsoDay;
}): SeriesResult {
  const { constituents, settings, through } = input;
  const byId = new Map(constituents.map((c) => [c.id, c]));
  const retirements = constituents.filter((c) => c.retiredOn).map((c) => ({ day: c.retiredOn!, reason: 'Retirement' }));
  const reviews = reviewDays(settings.baseDate, through, input.published, retirements, settings.rebalanceCadence);
  const levels: SeriesResult['levels'] = [];
  const log: DivisorChange[] = [];
  // Pointers into each constituent's prices, moved forward one day at a time.
  const cursor = new Map<string, number>();
  const current = (id: string) => byId.get(id)!.prices[cursor.get(id)!].priceCents;
  let weights = new Map<string, number>();
  const since = new Map<string, IsoDay>();
  let divisor = 0;
  let lastLevel = INDEX_BASE_LEVEL;
  for (let day = settings.baseDate; day <= through; day = addDays(day, 1)) {
    for (const c of constituents) {
      let i = cursor.get(c.id) ?? -1;
      while (i + 1 < c.prices.length && c.prices[i + 1].day <= day) i++;
      if (i >= 0) cursor.set(c.id, i);
    }
    const reason = reviews.get(day);
    if (reason) {
      const prices = new Map<string, number>();
      for (const c of constituents) {
        if (c.retiredOn && c.retiredOn <= day) continue;
        if (!cursor.has(c.id) || !eligibility(c.observationDays, day).eligible) continue;
        prices.set(c.id, current(c.id));
      }
      const next = weightsFor(settings.weighting, prices);
      const added = [...next.keys()].filter((id) => !weights.has(id));
      const removed = [...weights.keys()].filter((id) => !next.has(id));
      const reweighted = [...next].some(([id, w]) => weights.get(id) !== w);
      if (next.size > 0 && (added.length || removed.length || reweighted)) {
        const newBasket = basketValue(next, current);
        const oldDivisor = divisor || null;
        divisor = weights.size && divisor ? adjustDivisor(divisor, basketValue(weights, current), newBasket) : newBasket / lastLevel;
        log.push({
          effectiveOn: day,
          reason: oldDivisor ? reason : 'Base date',
          oldDivisor,
          newDivisor: divisor,
          level: newBasket / divisor,
          added,
          removed,
        });
      } else if (next.size === 0 && weights.size) {
        log.push({ effectiveOn: day, reason, oldDivisor: divisor, newDivisor: divisor, level: lastLevel, added: [], removed });
      }
      for (const id of removed) since.delete(id);
      for (const id of added) since.set(id, day);
      weights = next;
    }
    if (weights.size) {
      lastLevel = basketValue(weights, current) / divisor;
      levels.push({ day, level: lastLevel, divisor, members: weights.size });
    }
  }
  const members = new Map([...weights].map(([id, weight]) => [id, { weight, since: since.get(id)! }]));
  return { levels, log, members };
}

/** Level on a day from a daily series (carried forward), or null before it starts. */
export function levelOn(levels: readonly { day: IsoDay; level: number }[], day: IsoDay): number | null {
  const i = lastAtOrBefore(levels, day);
  return i < 0 ? null : levels[i].level;
}

/** Relative change, or null when either side is missing. */
export const change = (now: number | null | undefined, then: number | null | undefined) =>
  now == null || then == null || then === 0 ? null : now / then - 1;

// ---------------------------------------------------------------------------------------------
// Contracts
// ---------------------------------------------------------------------------------------------

const day = z.iso.date();

export const constituentIdentitySchema = z.object({
  player: z.string().trim().min(1).max(120),
  year: z.number().int().min(1850).max(2100),
  set: z.string().trim().min(1).max(120),
  cardNumber: z.string().trim().min(1).max(30),
  variety: z.string().trim().max(120).nullable(),
  grader: z.enum(graders),
  grade: z.number().min(1).max(10).multipleOf(0.5),
  sport: z.enum(sports),
});
export type ConstituentIdentity = z.infer<typeof constituentIdentitySchema>;
export const patchConstituentSchema = constituentIdentitySchema.partial();

export const constituentIdParamsSchema = z.object({ id: z.uuid() });
export const levelsQuerySchema = z.object({ from: day.optional(), to: day.optional() });

export const constituentRowSchema = constituentIdentitySchema.extend({
  id: z.uuid(),
  lastPriceCents: z.number().nullable(),
  lastObservedOn: day.nullable(),
  stale: z.boolean(),
  change1m: z.number().nullable(),
  change1y: z.number().nullable(),
  /** Share of the index's value today (0–1), or null when not a member. */
  weight: z.number().nullable(),
  inIndex: z.boolean(),
  since: day.nullable(),
});
export type ConstituentRow = z.infer<typeof constituentRowSchema>;

export const indexOverviewSchema = z.object({
  level: z.number().nullable(),
  asOf: day.nullable(),
  baseDate: day,
  weighting: z.enum(indexWeightings),
  divisor: z.number().nullable(),
  changes: z.object({ d1: z.number().nullable(), m1: z.number().nullable(), y1: z.number().nullable() }),
  constituents: z.array(constituentRowSchema),
});
export type IndexOverview = z.infer<typeof indexOverviewSchema>;

export const levelsResponseSchema = z.object({ levels: z.array(z.object({ day, level: z.number() })) });
export type LevelsResponse = z.infer<typeof levelsResponseSchema>;

export const observationSchema = z.object({ day, priceCents: z.number(), source: z.string(), saleRef: z.string().nullable() });
export const constituentDetailSchema = constituentRowSchema.extend({
  retiredOn: day.nullable(),
  salesLong: z.number(),
  salesShort: z.number(),
  eligible: z.boolean(),
  observations: z.array(observationSchema),
  prices: z.array(z.object({ day, priceCents: z.number() })),
});
export type ConstituentDetail = z.infer<typeof constituentDetailSchema>;

export const divisorLogEntrySchema = z.object({
  effectiveOn: day,
  reason: z.string(),
  oldDivisor: z.number().nullable(),
  newDivisor: z.number(),
  level: z.number(),
  added: z.array(z.object({ id: z.uuid(), name: z.string() })),
  removed: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type DivisorLogEntry = z.infer<typeof divisorLogEntrySchema>;
export const divisorLogResponseSchema = z.object({
  settings: indexSettingsSchema,
  currentDivisor: z.number().nullable(),
  entries: z.array(divisorLogEntrySchema),
});
export type DivisorLogResponse = z.infer<typeof divisorLogResponseSchema>;

export const adminConstituentSchema = constituentIdentitySchema.extend({
  id: z.uuid(),
  retiredOn: day.nullable(),
  observations: z.number(),
  lastPriceCents: z.number().nullable(),
  lastObservedOn: day.nullable(),
  salesLong: z.number(),
  salesShort: z.number(),
  eligible: z.boolean(),
  inIndex: z.boolean(),
});
export type AdminConstituent = z.infer<typeof adminConstituentSchema>;
export const adminIndexResponseSchema = z.object({
  constituents: z.array(adminConstituentSchema),
  settings: indexSettingsSchema,
  recomputePending: z.boolean(),
  lastRecomputedAt: z.string().nullable(),
});
export type AdminIndexResponse = z.infer<typeof adminIndexResponseSchema>;

/** Up to ~250,000 rows in one file. */
export const IMPORT_MAX_CHARS = 20_000_000;
/** Imports larger than this recompute on the job runner instead of inside the request. */
export const IMPORT_INLINE_RECOMPUTE_ROWS = 5_000;
export const importRequestSchema = z.object({ csv: z.string().min(1).max(IMPORT_MAX_CHARS), dryRun: z.boolean() });
export const importReportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.number(),
  accepted: z.number(),
  duplicates: z.number(),
  rejected: z.array(z.object({ line: z.number(), reason: z.string() })),
  committed: z.boolean(),
  recompute: z.enum(['none', 'done', 'queued']),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const rebalanceRequestSchema = z.object({ reason: z.string().trim().min(3).max(200), dryRun: z.boolean() });
export const rebalanceResponseSchema = z.object({
  dryRun: z.boolean(),
  effectiveOn: day,
  oldDivisor: z.number().nullable(),
  newDivisor: z.number().nullable(),
  level: z.number().nullable(),
  added: z.array(z.object({ id: z.uuid(), name: z.string() })),
  removed: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type RebalanceResponse = z.infer<typeof rebalanceResponseSchema>;

export const indexMessages = {
  notFound: 'Constituent not found',
  duplicate: 'A constituent with this identity already exists',
  retired: 'This constituent is already retired',
  noChange: 'Nothing would change: the members and weights stay as they are',
} as const;

export const collectionVsMarketSchema = z.object({
  /** Both series rebased to 100 on the first day shown. */
  points: z.array(z.object({ day, collection: z.number(), market: z.number() })),
  /** The member's cards whose identity is a constituent: their market value and its date. */
  following: z.array(
    z.object({
      cardId: z.uuid(),
      constituentId: z.uuid(),
      name: z.string(),
      marketValueCents: z.number(),
      observedOn: day,
      estimatedValueCents: z.number(),
    }),
  ),
  cards: z.number(),
});
export type CollectionVsMarket = z.infer<typeof collectionVsMarketSchema>;

/**
 * The collection as it is today, valued on each day: a card that matches a constituent at that
 * day's market price (carried forward), any other card at its owner's estimate. Rebased to 100 on
 * the first day, like the index beside it.
 */
export function collectionSeries(input: {
  cards: readonly { estimatedValueCents: number; prices: readonly DailyPrice[] | null }[];
  levels: readonly { day: IsoDay; level: number }[];
}): { day: IsoDay; collection: number; market: number }[] {
  const { levels } = input;
  if (!levels.length) return [];
  const value = (d: IsoDay) =>
    input.cards.reduce((s, c) => s + (c.prices ? (priceOn(c.prices, d)?.priceCents ?? c.estimatedValueCents) : c.estimatedValueCents), 0);
  const v0 = value(levels[0].day);
  const l0 = levels[0].level;
  return levels.map((l) => ({ day: l.day, collection: v0 ? (value(l.day) / v0) * 100 : 100, market: (l.level / l0) * 100 }));
}
