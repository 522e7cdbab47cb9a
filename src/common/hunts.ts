import { z } from 'zod';
import { graders, sports } from './cards.ts';
import type { TransitionMap } from './transitions.ts';
import { dateOnlySchema } from './date-only-schema.ts';

// ---------------------------------------------------------------------------------------------
// Value lists and status machines (domain.md: Hunts and sources)
// ---------------------------------------------------------------------------------------------

export const huntStatuses = ['pending', 'active', 'fulfilled', 'closed'] as const;
export type HuntStatus = (typeof huntStatuses)[number];
export const sourceStatuses = ['pending', 'active', 'fulfilled', 'closed'] as const;
export type SourceStatus = (typeof sourceStatuses)[number];

export const huntStatusLabels: Record<HuntStatus, string> = { pending: 'Pending review', active: 'Active', fulfilled: 'Fulfilled', closed: 'Closed' };
export const sourceStatusLabels: Record<SourceStatus, string> = {
  pending: 'Pending review',
  active: 'Approved',
  fulfilled: 'Fulfilled',
  closed: 'Closed',
};

/** pending → active (approved) → fulfilled | closed; a pending hunt may be declined (closed). */
export const huntTransitions: TransitionMap<HuntStatus> = {
  pending: ['active', 'closed'],
  active: ['fulfilled', 'closed'],
  fulfilled: [],
  closed: [],
};

/** pending → active (approved, both sides put in touch) → fulfilled | closed; withdrawn or declined → closed. */
export const sourceTransitions: TransitionMap<SourceStatus> = {
  pending: ['active', 'closed'],
  active: ['fulfilled', 'closed'],
  fulfilled: [],
  closed: [],
};

/** What an admin does to a hunt, and the status it leads to. */
export const adminHuntActions = ['approve', 'decline', 'fulfil', 'close'] as const;
export type AdminHuntAction = (typeof adminHuntActions)[number];
export const adminHuntActionTargets: Record<AdminHuntAction, { from: readonly HuntStatus[]; to: HuntStatus }> = {
  approve: { from: ['pending'], to: 'active' },
  decline: { from: ['pending'], to: 'closed' },
  fulfil: { from: ['active'], to: 'fulfilled' },
  close: { from: ['pending', 'active'], to: 'closed' },
};
export const adminHuntActionLabels: Record<AdminHuntAction, string> = {
  approve: 'Approve',
  decline: 'Decline',
  fulfil: 'Mark fulfilled',
  close: 'Close',
};

/** The board never shows the budget: a band the budget falls in is enough to answer. */
export const budgetBands = [
  { max: 100_00, label: 'Under $100' },
  { max: 500_00, label: '$100 – $500' },
  { max: 1_000_00, label: '$500 – $1,000' },
  { max: 5_000_00, label: '$1,000 – $5,000' },
  { max: 10_000_00, label: '$5,000 – $10,000' },
  { max: 50_000_00, label: '$10,000 – $50,000' },
  { max: Number.POSITIVE_INFINITY, label: '$50,000+' },
] as const;
export function budgetBand(cents: number): string {
  return budgetBands.find((b) => cents < b.max)!.label;
}

export const HUNT_BUDGET_MAX_CENTS = 10_000_000_000;
export const HUNT_TEXT_MAX = 200;
export const HUNT_NOTES_MAX = 1000;
export const HUNT_NOTE_MAX = 500;
export const HUNT_YEAR_MIN = 1860;

export const huntMessages = {
  notFound: 'Hunt not found',
  sourceNotFound: 'Offer not found',
  budget: 'Enter a budget greater than $0',
  grade: 'Grade must be between 1 and 10',
  deadlinePast: 'The deadline must be in the future',
  player: 'Enter the player',
  year: 'Enter a valid year',
  editPendingOnly: 'Only a hunt that is still pending review can be edited',
  closedAlready: (status: HuntStatus) => `This hunt is already ${status}`,
  stale: (current: string, expected: string) => `This changed meanwhile: it is ${current}, not ${expected}`,
  ownHunt: 'You cannot answer your own hunt',
  huntNotActive: 'This hunt is no longer open for offers',
  cardNotOwned: 'That card is not in your registry',
  cardInTransit: 'That card is in transit; offer it once custody has settled',
  cardOrDescription: 'Choose one of your cards or describe the card',
  duplicateOffer: 'You already have an open offer on this hunt',
  price: 'Enter an asking price greater than $0',
  actionNotAllowed: (action: AdminHuntAction, status: HuntStatus) => `A ${status} hunt cannot be given “${adminHuntActionLabels[action]}”`,
  range: 'The start must be before the end',
} as const;

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const cents = (msg: string) => z.number({ error: msg }).int(msg).positive(msg).max(HUNT_BUDGET_MAX_CENTS, msg);
const grade = z.number({ error: huntMessages.grade }).min(1, huntMessages.grade).max(10, huntMessages.grade).multipleOf(0.5, huntMessages.grade);

export const huntFieldShape = {
  sport: z.enum(sports),
  player: text(HUNT_TEXT_MAX).min(1, huntMessages.player),
  year: z.number({ error: huntMessages.year }).int(huntMessages.year).min(HUNT_YEAR_MIN, huntMessages.year).max(2100, huntMessages.year).nullable(),
  set: text(HUNT_TEXT_MAX).nullable(),
  grader: z.enum(graders).nullable(),
  minGrade: grade.nullable(),
  maxBudgetCents: cents(huntMessages.budget),
  // A day (YYYY-MM-DD); "in the future" is checked against the server's clock.
  deadline: dateOnlySchema.nullable(),
  notes: text(HUNT_NOTES_MAX).nullable(),
};
export const createHuntSchema = z.strictObject({
  ...huntFieldShape,
  year: huntFieldShape.year.default(null),
  set: huntFieldShape.set.default(null),
  grader: huntFieldShape.grader.default(null),
  minGrade: huntFieldShape.minGrade.default(null),
  deadline: huntFieldShape.deadline.default(null),
  notes: huntFieldShape.notes.default(null),
});
export type CreateHuntValues = z.infer<typeof createHuntSchema>;
export const patchHuntSchema = z.strictObject(huntFieldShape).partial();
export type PatchHuntValues = z.infer<typeof patchHuntSchema>;

/** The deadline as the form and the server check it: a day after today (UTC). */
export function deadlineIssue(deadline: string | null | undefined, now: Date): string | null {
  if (!deadline) return null;
  return deadline > now.toISOString().slice(0, 10) ? null : huntMessages.deadlinePast;
}

export const idParamsSchema = z.object({ id: z.uuid() });
export const boardQuerySchema = z.object({
  sport: z.enum(sports).optional(),
  player: z.string().trim().max(HUNT_TEXT_MAX).optional(),
  // The grade of the card in hand: hunts whose floor it meets.
  grade: z.coerce.number().min(1).max(10).optional(),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

export const createSourceSchema = z
  .strictObject({
    cardId: z.uuid().nullable().default(null),
    description: text(HUNT_TEXT_MAX).nullable().default(null),
    askingPriceCents: cents(huntMessages.price),
    note: text(HUNT_NOTE_MAX).nullable().default(null),
  })
  .refine((v) => (v.cardId ? !v.description : !!v.description), { message: huntMessages.cardOrDescription, path: ['cardId'] });
export type CreateSourceValues = z.infer<typeof createSourceSchema>;

export const adminHuntPatchSchema = z.strictObject({ action: z.enum(adminHuntActions), note: text(HUNT_NOTE_MAX).nullable().default(null) });
export const adminSourcePatchSchema = z.strictObject({
  status: z.enum(['active', 'fulfilled', 'closed']),
  note: text(HUNT_NOTE_MAX).nullable().default(null),
});
export const adminListQuerySchema = z.object({ status: z.enum(huntStatuses).optional() });
export const closeHuntSchema = z.strictObject({ note: text(HUNT_NOTE_MAX).nullable().default(null) }).default({ note: null });
export const analyticsQuerySchema = z
  .object({ from: dateOnlySchema.optional(), to: dateOnlySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: huntMessages.range, path: ['from'] });

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

const historyEntry = z.object({ from: z.enum(huntStatuses).nullable(), to: z.enum(huntStatuses), note: z.string().nullable(), at: z.string() });
export type HistoryEntry = z.infer<typeof historyEntry>;

/** What everyone sees of a hunt: what is wanted, never who wants it or the exact budget. */
export const boardHuntSchema = z.object({
  id: z.uuid(),
  sport: z.enum(sports),
  player: z.string(),
  year: z.number().nullable(),
  set: z.string().nullable(),
  grader: z.enum(graders).nullable(),
  minGrade: z.number().nullable(),
  budgetBand: z.string(),
  deadline: dateOnlySchema.nullable(),
  notes: z.string().nullable(),
  postedAt: z.string(),
  /** The caller's own hunt (they cannot answer it). */
  mine: z.boolean(),
  /** The caller already has an open offer on it. */
  offered: z.boolean(),
});
export type BoardHunt = z.infer<typeof boardHuntSchema>;
export const boardResponseSchema = z.object({ hunts: z.array(boardHuntSchema) });

const cardRef = z
  .object({ id: z.uuid(), subject: z.string(), year: z.number(), brand: z.string(), grader: z.enum(graders), grade: z.string().nullable() })
  .nullable();
const person = z.object({ id: z.uuid(), name: z.string().nullable() });

/** An offer as its hunt's requester sees it: only once approved, with the responder's name. */
export const requesterSourceSchema = z.object({
  id: z.uuid(),
  status: z.enum(sourceStatuses),
  responder: person,
  card: cardRef,
  description: z.string().nullable(),
  askingPriceCents: z.number(),
  approvedAt: z.string().nullable(),
});

export const myHuntSchema = z.object({
  id: z.uuid(),
  status: z.enum(huntStatuses),
  sport: z.enum(sports),
  player: z.string(),
  year: z.number().nullable(),
  set: z.string().nullable(),
  grader: z.enum(graders).nullable(),
  minGrade: z.number().nullable(),
  maxBudgetCents: z.number(),
  deadline: dateOnlySchema.nullable(),
  notes: z.string().nullable(),
  statusNote: z.string().nullable(),
  createdAt: z.string(),
  history: z.array(historyEntry),
  sources: z.array(requesterSourceSchema),
});
export type MyHunt = z.infer<typeof myHuntSchema>;
export const myHuntsResponseSchema = z.object({ hunts: z.array(myHuntSchema) });

const huntSummary = boardHuntSchema.omit({ mine: true, offered: true }).extend({ status: z.enum(huntStatuses) });
export const mySourceSchema = z.object({
  id: z.uuid(),
  status: z.enum(sourceStatuses),
  hunt: huntSummary,
  card: cardRef,
  description: z.string().nullable(),
  askingPriceCents: z.number(),
  note: z.string().nullable(),
  statusNote: z.string().nullable(),
  createdAt: z.string(),
  history: z.array(historyEntry.extend({ from: z.enum(sourceStatuses).nullable(), to: z.enum(sourceStatuses) })),
});
export type MySource = z.infer<typeof mySourceSchema>;
export const mySourcesResponseSchema = z.object({ sources: z.array(mySourceSchema) });

/** Sources the member may act on: their open offers (withdraw) and approved offers on their hunts. */
export const activeSourceSchema = z.object({
  id: z.uuid(),
  role: z.enum(['responder', 'requester']),
  status: z.enum(sourceStatuses),
  huntId: z.uuid(),
  player: z.string(),
  year: z.number().nullable(),
  askingPriceCents: z.number(),
  card: cardRef,
  description: z.string().nullable(),
});
export const activeSourcesResponseSchema = z.object({ sources: z.array(activeSourceSchema) });

const adminPerson = person.extend({ phone: z.string() });
export const adminHuntSchema = myHuntSchema.omit({ sources: true }).extend({
  requester: adminPerson,
  sourceCount: z.number(),
});
export type AdminHunt = z.infer<typeof adminHuntSchema>;
export const adminHuntsResponseSchema = z.object({ hunts: z.array(adminHuntSchema) });

export const adminSourceSchema = mySourceSchema.extend({
  hunt: huntSummary.extend({ maxBudgetCents: z.number() }),
  responder: adminPerson,
  requester: adminPerson,
});
export type AdminSource = z.infer<typeof adminSourceSchema>;
export const adminSourcesResponseSchema = z.object({ sources: z.array(adminSourceSchema) });

export const sourceAnalyticsSchema = z.object({
  from: dateOnlySchema,
  to: dateOnlySchema,
  /** Per day: hunts and sources created, and board views (one per member and day). */
  daily: z.array(z.object({ day: dateOnlySchema, hunts: z.number(), sources: z.number(), boardViews: z.number() })),
  huntsByStatus: z.record(z.enum(huntStatuses), z.number()),
  sourcesByStatus: z.record(z.enum(sourceStatuses), z.number()),
  medianHoursToApproval: z.number().nullable(),
  medianHoursToFulfilment: z.number().nullable(),
  /** Fulfilled hunts over hunts that reached a final status (fulfilled or closed after approval). */
  fulfilmentRate: z.number().nullable(),
  boardViews: z.number(),
  topPlayers: z.array(z.object({ player: z.string(), hunts: z.number() })),
});
export type SourceAnalytics = z.infer<typeof sourceAnalyticsSchema>;

// ---------------------------------------------------------------------------------------------
// Display (shared by the board, the preview and the admin screens)
// ---------------------------------------------------------------------------------------------

type Wanted = { year: number | null; set: string | null; player: string };
/** "2018 Panini Prizm Silver Luka Doncic". */
export function huntTitle(h: Wanted): string {
  return [h.year, h.set, h.player].filter(Boolean).join(' ');
}
/** "PSA 9+", "Any grader, 8+", or "Any grade". */
export function gradeFloor(h: { grader: string | null; minGrade: number | null }): string {
  if (h.minGrade === null) return h.grader ? `${h.grader}, any grade` : 'Any grade';
  return h.grader ? `${h.grader} ${h.minGrade}+` : `Any grader, ${h.minGrade}+`;
}
/** "today", "1 day ago", "12 days ago". */
export function ageOf(iso: string, now: Date): string {
  const days = Math.floor((now.getTime() - Date.parse(iso)) / 86_400_000);
  if (days <= 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
