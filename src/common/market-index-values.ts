import type { ConstituentIdentity } from './market-index.ts';

// The method's plain values and labels, with no zod (decision 149): /wsi and the index pages show
// them, and importing the schema module would build all its schemas first. market-index.ts
// re-exports everything here.

/** A calendar day, `YYYY-MM-DD` (UTC). */
export type IsoDay = string;

export const indexWeightings = ['equal', 'price'] as const;
export type IndexWeighting = (typeof indexWeightings)[number];
export const weightingLabels: Record<IndexWeighting, string> = {
  equal: 'Equal weight (each card counts the same at each review)',
  price: 'Price weight (one unit of each card)',
};

export const INDEX_BASE_LEVEL = 1000;
/** Eligibility: at least 2 sales in the 365 days up to the review, and 1 in the last 183. */
export const ELIGIBILITY = { longDays: 365, longSales: 2, shortDays: 183, shortSales: 1 } as const;
/** A price whose last sale is older than this is still carried forward, but shown as stale. */
export const DEFAULT_STALE_AFTER_DAYS = 90;

/** How often the scheduled reviews come: on the 1st of every month, or of every third, sixth or twelfth (from January). */
export const rebalanceCadences = ['monthly', 'quarterly', 'semiannual', 'annual'] as const;
export type RebalanceCadence = (typeof rebalanceCadences)[number];
export const rebalanceCadenceMonths: Record<RebalanceCadence, number> = { monthly: 1, quarterly: 3, semiannual: 6, annual: 12 };
export const rebalanceCadenceLabels: Record<RebalanceCadence, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  semiannual: 'Every six months',
  annual: 'Yearly',
};

/** "1986 Fleer Michael Jordan #57 PSA 9". */
export function constituentName(c: Pick<ConstituentIdentity, 'player' | 'year' | 'set' | 'cardNumber' | 'variety' | 'grader' | 'grade'>): string {
  return `${c.year} ${c.set} ${c.player} #${c.cardNumber}${c.variety ? ` ${c.variety}` : ''} ${c.grader} ${c.grade}`;
}
