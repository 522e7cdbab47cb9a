import { z } from 'zod';
import type { TransitionMap } from './transitions.ts';
import { formatCents } from './format.ts';
import { listingsQuerySchema } from './marketplace.ts';

/**
 * Watchlists and price alerts (issue 34, decision 147). A member watches an index constituent (a
 * registry card is watched through the constituent it matches) or a saved marketplace search.
 */
export const alertKinds = ['constituent', 'search'] as const;
export type AlertKind = (typeof alertKinds)[number];

/** armed: waiting for a crossing; fired: a threshold was crossed and told; removed: the member stopped watching. */
export const alertStatuses = ['armed', 'fired', 'removed'] as const;
export type AlertStatus = (typeof alertStatuses)[number];
export const alertTransitions: TransitionMap<AlertStatus> = {
  armed: ['fired', 'removed'],
  fired: ['armed', 'removed'],
  removed: [],
};

export const alertSides = ['above', 'below'] as const;
export type AlertSide = (typeof alertSides)[number];

/** Alerts a member may keep at once (removed ones do not count). */
export const ALERTS_PER_MEMBER_MAX = 25;
/** The highest threshold accepted: $10,000,000. */
export const ALERT_THRESHOLD_MAX_CENTS = 1_000_000_000;

export const alertMessages = {
  notFound: 'Alert not found',
  constituentNotFound: 'No index constituent with this id',
  nothingToWatch: 'Choose a price above, a price below or new listings',
  targetRequired: 'Choose the constituent to watch',
  queryRequired: 'Give the search to watch',
  searchPrices: 'A saved search tells you of new listings; price thresholds apply to a constituent',
  searchNeedsListings: 'A saved search tells you of new listings: tick Notify me of new listings',
  bandOrder: 'The price above must be higher than the price below',
  aboveCurrent: (price: string) => `The price above must be higher than the current price (${price})`,
  belowCurrent: (price: string) => `The price below must be lower than the current price (${price})`,
  threshold: 'Enter an amount greater than $0',
  tooMany: `You can keep at most ${ALERTS_PER_MEMBER_MAX} alerts. Remove one to add another.`,
  duplicate: 'You already watch this constituent. Remove that alert to set new prices.',
  removed: 'This alert was already removed',
  stale: (current: string, expected: string) => `The alert is ${current}, not ${expected}`,
};

const threshold = z
  .number({ error: alertMessages.threshold })
  .int(alertMessages.threshold)
  .positive(alertMessages.threshold)
  .max(ALERT_THRESHOLD_MAX_CENTS);

/**
 * The gallery's filters as a saved search: the gallery query schema (src/common/marketplace.ts)
 * without its paging and order, which say nothing about which listings match.
 */
export const savedSearchSchema = listingsQuerySchema.transform(({ page: _p, pageSize: _s, sort: _o, ...filters }) => filters);
export type SavedSearch = z.output<typeof savedSearchSchema>;

export const createAlertSchema = z
  .object({
    kind: z.enum(alertKinds),
    targetId: z.uuid().optional(),
    query: z.record(z.string(), z.unknown()).optional(),
    above: threshold.optional(),
    below: threshold.optional(),
    newListings: z.boolean().optional(),
  })
  .strict()
  .superRefine((a, c) => {
    if (a.kind === 'constituent' && a.above === undefined && a.below === undefined && !a.newListings)
      c.addIssue({ code: 'custom', message: alertMessages.nothingToWatch, path: ['newListings'] });
    if (a.above !== undefined && a.below !== undefined && a.above <= a.below)
      c.addIssue({ code: 'custom', message: alertMessages.bandOrder, path: ['above'] });
    if (a.kind === 'constituent' && !a.targetId) c.addIssue({ code: 'custom', message: alertMessages.targetRequired, path: ['targetId'] });
    if (a.kind === 'search') {
      if (!a.query) c.addIssue({ code: 'custom', message: alertMessages.queryRequired, path: ['query'] });
      if (a.above !== undefined || a.below !== undefined) c.addIssue({ code: 'custom', message: alertMessages.searchPrices, path: ['above'] });
      else if (!a.newListings) c.addIssue({ code: 'custom', message: alertMessages.searchNeedsListings, path: ['newListings'] });
    }
  });
export type CreateAlertInput = z.input<typeof createAlertSchema>;

const lastFiring = z.object({
  at: z.string(),
  /** Which threshold was crossed, or `listing` for a new listing that matched. */
  reason: z.enum([...alertSides, 'listing']),
  priceCents: z.number(),
  listingId: z.string().nullable(),
});

export const alertSchema = z.object({
  id: z.string(),
  kind: z.enum(alertKinds),
  status: z.enum(alertStatuses),
  /** The watched constituent (kind constituent). */
  constituent: z.object({ id: z.string(), name: z.string(), lastPriceCents: z.number().nullable() }).nullable(),
  /** The saved gallery filters (kind search), and a line that says them in words. */
  query: z.record(z.string(), z.unknown()).nullable(),
  label: z.string(),
  above: z.number().nullable(),
  below: z.number().nullable(),
  newListings: z.boolean(),
  createdAt: z.string(),
  lastFiring: lastFiring.nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertsResponseSchema = z.object({ alerts: z.array(alertSchema), max: z.number().int() });
export type AlertsResponse = z.infer<typeof alertsResponseSchema>;

export const alertIdParamsSchema = z.object({ id: z.uuid() });
export const listingIdParamsSchema = z.object({ id: z.uuid() });
export const removeAlertResponseSchema = z.object({ ok: z.literal(true) });

/** What a listing's page may watch: its card's constituent (when it matches one) and a search for the same card. */
export const listingWatchTargetsSchema = z.object({
  constituent: z.object({ id: z.string(), name: z.string(), lastPriceCents: z.number().nullable() }).nullable(),
  sameCard: z.record(z.string(), z.unknown()),
  sameCardLabel: z.string(),
});
export type ListingWatchTargets = z.infer<typeof listingWatchTargetsSchema>;

const gradeText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const dollars = (cents: number) => formatCents(cents, 0);

/** A saved search in words: "Jordan · PSA · grade 9–10 · up to $5,000". */
export function savedSearchLabel(q: Partial<SavedSearch>): string {
  const parts: string[] = [];
  if (q.q) parts.push(`“${q.q}”`);
  if (q.sport) parts.push(q.sport[0].toUpperCase() + q.sport.slice(1));
  if (q.grader) parts.push(q.grader);
  if (q.minGrade !== undefined && q.maxGrade !== undefined)
    parts.push(q.minGrade === q.maxGrade ? `grade ${gradeText(q.minGrade)}` : `grade ${gradeText(q.minGrade)}–${gradeText(q.maxGrade)}`);
  else if (q.minGrade !== undefined) parts.push(`grade ${gradeText(q.minGrade)}+`);
  else if (q.maxGrade !== undefined) parts.push(`grade up to ${gradeText(q.maxGrade)}`);
  if (q.minPriceCents !== undefined && q.maxPriceCents !== undefined) parts.push(`${dollars(q.minPriceCents)}–${dollars(q.maxPriceCents)}`);
  else if (q.minPriceCents !== undefined) parts.push(`from ${dollars(q.minPriceCents)}`);
  else if (q.maxPriceCents !== undefined) parts.push(`up to ${dollars(q.maxPriceCents)}`);
  return parts.length ? `Listings: ${parts.join(' · ')}` : 'Every new listing';
}
