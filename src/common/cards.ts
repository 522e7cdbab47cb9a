import { z } from 'zod';
import type { TransitionMap } from './transitions.ts';
import { dateOnlySchema } from './date-only-schema.ts';
import { graders, type Grader } from './card-values.ts';

// ---------------------------------------------------------------------------------------------
// Value lists
// ---------------------------------------------------------------------------------------------

export { graders, graderLabels, type Grader } from './card-values.ts';

export const custodyStates = ['with_owner', 'in_transit', 'in_vault'] as const;
export type Custody = (typeof custodyStates)[number];
export const custodyLabels: Record<Custody, string> = {
  with_owner: 'With owner',
  in_transit: 'In transit',
  in_vault: 'In vault',
};

/** Admins move a card between any two custody states; staying put is not a change. */
export const custodyTransitions: TransitionMap<Custody> = {
  with_owner: ['in_transit', 'in_vault'],
  in_transit: ['with_owner', 'in_vault'],
  in_vault: ['in_transit', 'with_owner'],
};

/** Provenance kinds; the last five arrive with the marketplace, loans and transfers. */
export const cardEventKinds = [
  'registered',
  'edited',
  'image_added',
  'custody_changed',
  'psa_rechecked',
  'listed',
  'sold',
  'pledged',
  'released',
  'transferred',
  'corrected',
  'appraised',
  'vault_intake_requested',
  'vault_outtake_requested',
  'vault_request_cancelled',
] as const;
export type CardEventKind = (typeof cardEventKinds)[number];
export const cardEventLabels: Record<CardEventKind, string> = {
  registered: 'Registered',
  edited: 'Edited',
  image_added: 'Photo added',
  custody_changed: 'Custody changed',
  psa_rechecked: 'PSA re-checked',
  listed: 'Listed',
  sold: 'Sold',
  pledged: 'Pledged as collateral',
  released: 'Released from pledge',
  transferred: 'Transferred',
  corrected: 'Corrected by our team',
  appraised: 'Appraised',
  vault_intake_requested: 'Vault intake requested',
  vault_outtake_requested: 'Vault outtake requested',
  vault_request_cancelled: 'Vault request cancelled',
};

/**
 * What has a claim on a card right now (at most one at a time, decision 022): a listing, a loan's
 * pledge, an offer to the house, a pending card request, or a fund's holding. Held cards cannot be
 * deleted, and no second domain can take them.
 */
export const cardHoldKinds = ['listing', 'loan', 'sell_offer', 'card_request', 'fund', 'vault_intake', 'vault_outtake'] as const;
export type CardHoldKind = (typeof cardHoldKinds)[number];
export const cardHoldLabels: Record<CardHoldKind, string> = {
  listing: 'Listed for sale',
  loan: 'Pledged as collateral',
  sell_offer: 'Offered to the house',
  card_request: 'Card request pending',
  fund: 'Held by a fund',
  vault_intake: 'On its way to the vault',
  vault_outtake: 'On its way back from the vault',
};
/** The 409 message when a card is already held. */
export const cardHeldMessages: Record<CardHoldKind, string> = {
  listing: 'This card is listed for sale',
  loan: 'This card is pledged as loan collateral',
  sell_offer: 'This card is offered to the house',
  card_request: 'This card has a pending card request',
  fund: 'This card is held by a fund',
  vault_intake: 'This card is already in an open vault intake',
  vault_outtake: 'This card is already in an open vault outtake',
};

/**
 * While a card is held (decision 128), what identifies it and what it is worth are frozen for its
 * owner: a buyer, a lender or a fund relies on them. Sport (a filing label) and photos stay open.
 */
export const cardLockedFields = [
  'grader',
  'certNumber',
  'grade',
  'gradeValue',
  'year',
  'brand',
  'subject',
  'cardNumber',
  'variety',
  'estimatedValueCents',
] as const;
export type CardLockedField = (typeof cardLockedFields)[number];
/** The 409 an owner gets for changing a locked field of a held card (also shown on the edit form). */
export const cardLockedMessages: Record<CardHoldKind, string> = {
  listing: 'This card is listed for sale: its grade and value are locked until the listing ends',
  loan: 'This card is pledged as loan collateral: its grade and value are locked until the loan is closed',
  sell_offer: 'This card is offered to the house: its grade and value are locked until the offer is answered',
  card_request: 'This card has a pending card request: its grade and value are locked until the request is settled',
  fund: 'This card is held by a fund: its grade and value are locked while the fund holds it',
  vault_intake: 'This card is on its way to the vault: its grade and value are locked until it is received',
  vault_outtake: 'This card is on its way back from the vault: its grade and value are locked until it is delivered',
};

/** The locked fields a patch would change on a card with this hold (none when the card is free). */
export function lockedChanges(
  card: { hold: CardHoldKind | null } & Record<CardLockedField, unknown>,
  patch: Partial<Record<CardLockedField, unknown>>,
): CardLockedField[] {
  if (!card.hold) return [];
  return cardLockedFields.filter((k) => patch[k] !== undefined && patch[k] !== card[k]);
}

export const sports = ['baseball', 'basketball', 'football', 'hockey', 'soccer', 'golf', 'boxing', 'racing', 'other'] as const;
export type Sport = (typeof sports)[number];
export const sportLabels: Record<Sport, string> = {
  baseball: 'Baseball',
  basketball: 'Basketball',
  football: 'Football',
  hockey: 'Hockey',
  soccer: 'Soccer',
  golf: 'Golf',
  boxing: 'Boxing',
  racing: 'Racing',
  other: 'Other',
};

export const cardImageSides = ['front', 'back'] as const;
export type CardImageSide = (typeof cardImageSides)[number];
export const cardImageSizes = ['thumb', 'full'] as const;
export type CardImageSize = (typeof cardImageSizes)[number];

/** Uploads: 10 MB at most, JPEG, PNG or WebP by content; stored as a 1600 px display and a 400 px thumbnail. */
export const CARD_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const cardImageContentTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const CARD_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';
export const CARD_IMAGE_FULL_PX = 1600;
export const CARD_IMAGE_THUMB_PX = 400;

export const CERT_NUMBER_MAX_DIGITS = 10;
export const CARD_YEAR_MIN = 1860;
/** Year of a card: 1860 to next year (sets are dated ahead of their release). */
export function cardYearMax(now: Date = new Date()): number {
  return now.getUTCFullYear() + 1;
}
/** $100,000,000 in cents. */
export const CARD_VALUE_MAX_CENTS = 10_000_000_000;
export const PSA_BULK_MAX = 100;
export const ADMIN_CARDS_PAGE_SIZE = 50;
export const CUSTODY_NOTE_MAX = 500;

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const cardMessages = {
  certDigits: 'Certificate number must be digits',
  certRequired: 'Enter the certificate number printed on the slab',
  certDuplicate: 'This certificate is already registered',
  rawHasNoCert: 'A raw card has no certificate number',
  yearRange: (max: number = cardYearMax()) => `Year must be between ${CARD_YEAR_MIN} and ${max}`,
  gradeRequired: 'Grade is required unless the card is raw',
  gradeValueRange: 'Grade must be from 1 to 10, in steps of 0.5',
  subjectRequired: 'Enter the player',
  brandRequired: 'Enter the set',
  valueRange: 'Estimated value must be whole cents from $0 to $100,000,000',
  textTooLong: 'At most 200 characters',
  imageType: 'Only JPEG, PNG or WebP images',
  imageTooLarge: 'Images can be at most 10 MB',
  imageNoFile: 'Choose an image to upload',
  imageSide: 'Choose front or back',
  imageNotFound: 'This card has no image on that side',
  notFound: 'Card not found',
  deleteNotWithOwner: 'Only a card in your hands can be deleted; this one is in transit or in the vault',
  deleteListed: 'This card is listed for sale; withdraw the listing before deleting it',
  deletePledged: 'This card is pledged as loan collateral and cannot be deleted',
  correctionReason: 'Say why the card is corrected',
  appraisalRequired: 'Enter the appraised value',
  custodySame: 'The card is already in that custody',
  noteTooLong: `At most ${CUSTODY_NOTE_MAX} characters`,
  psaNotConfigured: 'PSA lookup is not configured',
  psaDemoCertNote: 'Sample data that comes with the demo, not an answer from PSA.',
  psaNotFound: 'PSA has no certificate with that number',
  psaBadToken: 'PSA refused our access token',
  psaQuota: 'PSA’s daily lookup limit is reached; try again tomorrow',
  psaUnavailable: 'PSA did not answer; try again shortly',
  bulkEmpty: 'Enter at least one certificate number',
  bulkTooMany: `At most ${PSA_BULK_MAX} certificate numbers at a time`,
  enterByHand: 'You can still enter the card by hand.',
  psaSourceNotPsa: 'Only a PSA certificate can be registered from PSA',
  registryEmpty: 'Your registry is empty. Add your first card by its certificate number or by hand.',
} as const;

// ---------------------------------------------------------------------------------------------
// Field schemas (shared by the forms and the server)
// ---------------------------------------------------------------------------------------------

/** 1–10 digits; spaces and a leading '#' are forgiven because people paste them. */
export const certNumberSchema = z
  .string({ error: cardMessages.certDigits })
  .transform((v) => v.replace(/[\s#]/g, ''))
  .pipe(z.string().regex(/^\d{1,10}$/, cardMessages.certDigits));

export function isCertNumber(v: string): boolean {
  return /^\d{1,10}$/.test(v);
}

/** The number in a grade as graders print it: 'GEM MT 10' → 10, 'NM-MT+ 8.5' → 8.5, 'AUTHENTIC' → null. */
export function gradeValueFromLabel(grade: string | null | undefined): number | null {
  if (!grade) return null;
  const m = /(\d+(?:\.5)?)(?!.*\d)/.exec(grade);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 10 ? n : null;
}

const text200 = z.string().trim().max(200, cardMessages.textTooLong);
const optionalText200 = text200.nullish().transform((v) => (v ? v : null));

const gradeValueSchema = z
  .number({ error: cardMessages.gradeValueRange })
  .min(1, cardMessages.gradeValueRange)
  .max(10, cardMessages.gradeValueRange)
  .refine((n) => Number.isInteger(n * 2), cardMessages.gradeValueRange);

const yearSchema = z
  .number({ error: cardMessages.yearRange() })
  .int(cardMessages.yearRange())
  .refine((y) => y >= CARD_YEAR_MIN && y <= cardYearMax(), { error: () => cardMessages.yearRange() });

const valueSchema = z
  .number({ error: cardMessages.valueRange })
  .int(cardMessages.valueRange)
  .min(0, cardMessages.valueRange)
  .max(CARD_VALUE_MAX_CENTS, cardMessages.valueRange);

/** Every editable field of a card, each checked on its own; the cross-field rules follow. */
export const cardFieldShape = {
  grader: z.enum(graders),
  certNumber: certNumberSchema.nullish().transform((v) => v ?? null),
  grade: optionalText200,
  gradeValue: gradeValueSchema.nullish(),
  year: yearSchema,
  brand: text200.min(1, cardMessages.brandRequired),
  subject: text200.min(1, cardMessages.subjectRequired),
  cardNumber: optionalText200,
  variety: optionalText200,
  sport: z.enum(sports),
  estimatedValueCents: valueSchema,
};

export interface CardFieldValues {
  grader: Grader;
  certNumber: string | null;
  grade: string | null;
  gradeValue?: number | null;
  year: number;
  brand: string;
  subject: string;
  cardNumber: string | null;
  variety: string | null;
  sport: Sport;
  estimatedValueCents: number;
}

/** The rules between fields, for a new card and for a card after a patch is applied. */
export function cardFieldIssues(v: Pick<CardFieldValues, 'grader' | 'certNumber' | 'grade'>): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (v.grader === 'raw') {
    if (v.certNumber) issues.push({ path: 'certNumber', message: cardMessages.rawHasNoCert });
  } else {
    if (!v.certNumber) issues.push({ path: 'certNumber', message: cardMessages.certRequired });
    if (!v.grade) issues.push({ path: 'grade', message: cardMessages.gradeRequired });
  }
  return issues;
}

export const cardSources = ['psa', 'manual'] as const;
export type CardSource = (typeof cardSources)[number];

/** POST /api/cards. Unknown fields are refused. */
export const createCardSchema = z.strictObject({ ...cardFieldShape, source: z.enum(cardSources).optional() }).superRefine((v, ctx) => {
  for (const i of cardFieldIssues(v)) ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
});
export type CreateCardInput = z.input<typeof createCardSchema>;
export type CreateCardValues = z.output<typeof createCardSchema>;

/** The fields a patch may carry (the member's edit and the admin's correction). */
const patchCardFields = {
  grader: cardFieldShape.grader.optional(),
  certNumber: certNumberSchema.nullable().optional(),
  grade: optionalText200.optional(),
  gradeValue: gradeValueSchema.nullable().optional(),
  year: yearSchema.optional(),
  brand: cardFieldShape.brand.optional(),
  subject: cardFieldShape.subject.optional(),
  cardNumber: optionalText200.optional(),
  variety: optionalText200.optional(),
  sport: cardFieldShape.sport.optional(),
  estimatedValueCents: valueSchema.optional(),
};

/** PATCH /api/cards/{id}: any subset; the cross-field rules are checked against the stored card. */
export const patchCardSchema = z.strictObject(patchCardFields).refine((v) => Object.keys(v).length > 0, { message: 'Change at least one field' });
export type PatchCardInput = z.input<typeof patchCardSchema>;
export type PatchCardValues = z.output<typeof patchCardSchema>;

export const CARD_CORRECTION_REASON_MAX = 500;
const correctionReason = z
  .string({ error: cardMessages.correctionReason })
  .trim()
  .min(1, cardMessages.correctionReason)
  .max(CARD_CORRECTION_REASON_MAX, `At most ${CARD_CORRECTION_REASON_MAX} characters`);

/**
 * PATCH /api/admin/cards/{id}: an admin's correction of any field, held or not (decision 128),
 * with the reason that goes into the provenance and the audit log.
 */
export const cardCorrectionSchema = z
  .strictObject({ ...patchCardFields, reason: correctionReason })
  .refine((v) => Object.keys(v).some((k) => k !== 'reason'), { message: 'Change at least one field' });
export type CardCorrectionInput = z.input<typeof cardCorrectionSchema>;
export type CardCorrectionValues = z.output<typeof cardCorrectionSchema>;

/** PUT /api/admin/cards/{id}/appraisal: what our team values the card at (e.g. on receiving it). */
export const cardAppraisalInputSchema = z.strictObject({
  valueCents: z
    .number({ error: cardMessages.appraisalRequired })
    .int(cardMessages.valueRange)
    .min(1, cardMessages.appraisalRequired)
    .max(CARD_VALUE_MAX_CENTS, cardMessages.valueRange),
  note: z
    .string()
    .trim()
    .max(CUSTODY_NOTE_MAX, cardMessages.noteTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CardAppraisalInput = z.input<typeof cardAppraisalInputSchema>;

/** PUT /api/cards/{id}/pinned-estimate: keep this estimate instead of the market value. */
export const pinEstimateSchema = z.strictObject({ estimatedValueCents: valueSchema });
export type PinEstimateInput = z.input<typeof pinEstimateSchema>;

export const cardIdParamsSchema = z.object({ id: z.uuid({ error: cardMessages.notFound }) });
export const cardImageParamsSchema = z.object({
  id: z.uuid({ error: cardMessages.notFound }),
  side: z.enum(cardImageSides, { error: cardMessages.imageSide }),
});
export const cardImageQuerySchema = z.object({ size: z.enum(cardImageSizes).default('full') });
export const certParamsSchema = z.object({ certNumber: certNumberSchema });

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

/** URLs of one side's stored image (served by GET /api/cards/{id}/images/{side}?size=…). */
export const cardImageRefSchema = z.object({ thumbUrl: z.string(), fullUrl: z.string(), updatedAt: z.string() });
export type CardImageRef = z.infer<typeof cardImageRefSchema>;

/** An admin's appraisal of the card: a market basis for lending when the index has no price (decision 128). */
export const cardAppraisalSchema = z.object({ valueCents: z.number(), at: z.string(), byId: z.string().nullable() });
export type CardAppraisal = z.infer<typeof cardAppraisalSchema>;

export const cardSchema = z.object({
  id: z.string(),
  ownerId: z.string(),
  grader: z.enum(graders),
  certNumber: z.string().nullable(),
  grade: z.string().nullable(),
  gradeValue: z.number().nullable(),
  year: z.number(),
  brand: z.string(),
  subject: z.string(),
  cardNumber: z.string().nullable(),
  variety: z.string().nullable(),
  sport: z.enum(sports),
  estimatedValueCents: z.number(),
  custody: z.enum(custodyStates),
  /** What has a claim on the card (listing, loan, …), or null. */
  hold: z.enum(cardHoldKinds).nullable(),
  needsReview: z.boolean(),
  /** The owner keeps their estimate even when the card matches an index constituent (decision 051). */
  estimatePinned: z.boolean(),
  images: z.object({ front: cardImageRefSchema.nullable(), back: cardImageRefSchema.nullable() }),
  /** The front thumbnail when there is one, else the back's, else null (draw the slab). */
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Card = z.infer<typeof cardSchema>;

/** GET /api/cards: the short form for pickers (loans, listings, share links). `brand` is the set. */
export const cardSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  year: z.number(),
  brand: z.string(),
  grade: z.string().nullable(),
  grader: z.enum(graders),
  certNumber: z.string().nullable(),
  custody: z.enum(custodyStates),
  hold: z.enum(cardHoldKinds).nullable(),
  estimatedValueCents: z.number(),
  thumbnailUrl: z.string().nullable(),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;
export const cardsResponseSchema = z.object({ cards: z.array(cardSummarySchema) });
export type CardsResponse = z.infer<typeof cardsResponseSchema>;

/** The market price of the index constituent a card matches (identity: player, year, set, number, variety, grader, grade). */
export const cardMarketSchema = z.object({
  constituentId: z.string(),
  name: z.string(),
  priceCents: z.number(),
  /** The day of the last observed sale the price comes from. */
  observedOn: dateOnlySchema,
  stale: z.boolean(),
});
export type CardMarket = z.infer<typeof cardMarketSchema>;

export const cardValueSources = ['market', 'estimate'] as const;
export type CardValueSource = (typeof cardValueSources)[number];

/**
 * What a card counts for in the registry: its market value while it matches a constituent with a
 * price and its owner has not pinned an estimate; the owner's estimate otherwise.
 */
export const cardValuationSchema = z.object({
  valueCents: z.number(),
  source: z.enum(cardValueSources),
  market: cardMarketSchema.nullable(),
});
export type CardValuation = z.infer<typeof cardValuationSchema>;

/** The one rule, shared by the server's totals and the web's display. */
export function cardValuation(card: { estimatedValueCents: number; estimatePinned: boolean }, market: CardMarket | null): CardValuation {
  const follows = market !== null && !card.estimatePinned;
  return { valueCents: follows ? market.priceCents : card.estimatedValueCents, source: follows ? 'market' : 'estimate', market };
}

export const registryCardSchema = cardSchema.extend({ valuation: cardValuationSchema });
export type RegistryCard = z.infer<typeof registryCardSchema>;

/** The registry's orders: newest first; value (what the card counts for), highest first; year, oldest first. */
export const registrySorts = ['recent', 'value', 'year'] as const;
export type RegistrySort = (typeof registrySorts)[number];
export const REGISTRY_PAGE_SIZE = 50;
export const REGISTRY_PAGE_SIZE_MAX = 100;

/** GET /api/registry: one page of the caller's cards, searched, filtered and sorted. */
export const registryQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  sport: z.enum(sports).optional(),
  grader: z.enum(graders).optional(),
  custody: z.enum(custodyStates).optional(),
  sort: z.enum(registrySorts).default('recent'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REGISTRY_PAGE_SIZE_MAX).default(REGISTRY_PAGE_SIZE),
});
export type RegistryQuery = z.input<typeof registryQuerySchema>;
export type RegistryQueryValues = z.output<typeof registryQuerySchema>;

/**
 * GET /api/registry: one page of the caller's cards. `count` is how many match the search and
 * filters (what the pages cover); `totalCount`, `totalEstimatedValueCents` and `atMarketValue`
 * cover every card in the registry, whatever the filters (the registry's header).
 */
export const registryResponseSchema = z.object({
  cards: z.array(registryCardSchema),
  count: z.number(),
  totalCount: z.number(),
  totalEstimatedValueCents: z.number(),
  /** How many of the cards are counted at their market value. */
  atMarketValue: z.number(),
  /** The sports of the registry's cards, for the sport filter. */
  sports: z.array(z.enum(sports)),
  page: z.number(),
  pageSize: z.number(),
});
export type RegistryResponse = z.infer<typeof registryResponseSchema>;

export const personRefSchema = z.object({ id: z.string(), name: z.string().nullable() });
export type PersonRef = z.infer<typeof personRefSchema>;

export const psaDifferenceSchema = z.object({
  field: z.enum(['grade', 'subject', 'year', 'brand']),
  card: z.string().nullable(),
  psa: z.string().nullable(),
});
export type PsaDifference = z.infer<typeof psaDifferenceSchema>;

export const psaRecheckResults = ['match', 'mismatch', 'not_found', 'unavailable'] as const;
export type PsaRecheckResult = (typeof psaRecheckResults)[number];

/** What each kind of event records in `data`. */
export const cardEventDataSchemas = {
  registered: z.object({
    source: z.enum(cardSources),
    /** Sent as from PSA, but PSA did not confirm the certificate (decision 130): registered as entered by hand. */
    psaUnconfirmed: z.enum(['not_found', 'unavailable']).optional(),
    message: z.string().optional(),
  }),
  edited: z.object({ changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })) }),
  image_added: z.object({ side: z.enum(cardImageSides), replaced: z.boolean() }),
  custody_changed: z.object({ from: z.enum(custodyStates), to: z.enum(custodyStates), note: z.string().nullable() }),
  psa_rechecked: z.object({
    result: z.enum(psaRecheckResults),
    differences: z.array(psaDifferenceSchema),
    message: z.string().nullable(),
  }),
  corrected: z.object({ changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })), reason: z.string() }),
  appraised: z.object({ valueCents: z.number(), previousCents: z.number().nullable(), note: z.string().nullable() }),
} as const;
export type CardEventData<K extends keyof typeof cardEventDataSchemas> = z.infer<(typeof cardEventDataSchemas)[K]>;

export const cardEventSchema = z.object({
  id: z.string(),
  kind: z.enum(cardEventKinds),
  at: z.string(),
  actor: personRefSchema.nullable(),
  impersonator: personRefSchema.nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type CardEvent = z.infer<typeof cardEventSchema>;

/** GET /api/cards/{id}: the card, its owner and its provenance timeline, oldest first. */
export const cardDetailSchema = cardSchema.extend({
  owner: personRefSchema,
  appraisal: cardAppraisalSchema.nullable(),
  events: z.array(cardEventSchema),
  valuation: cardValuationSchema,
});
export type CardDetail = z.infer<typeof cardDetailSchema>;

export const deleteCardResponseSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// PSA
// ---------------------------------------------------------------------------------------------

/** A PSA certificate in our words (GET /api/psa/cert/{certNumber}). */
export const psaCertSchema = z.object({
  certNumber: z.string(),
  year: z.string().nullable(),
  brand: z.string().nullable(),
  subject: z.string().nullable(),
  cardNumber: z.string().nullable(),
  variety: z.string().nullable(),
  category: z.string().nullable(),
  grade: z.string().nullable(),
  gradeDescription: z.string().nullable(),
  totalPopulation: z.number().nullable(),
  populationHigher: z.number().nullable(),
  labelType: z.string().nullable(),
  imageFrontUrl: z.string().nullable(),
  imageBackUrl: z.string().nullable(),
});
export type PsaCert = z.infer<typeof psaCertSchema>;

export const psaCertResponseSchema = psaCertSchema.extend({
  fetchedAt: z.string(),
  fromCache: z.boolean(),
  /** True when the answer is the demo's sample data (no PSA token, demo seed on), not PSA's. */
  demo: z.boolean(),
});
export type PsaCertResponse = z.infer<typeof psaCertResponseSchema>;

/** PSA's category ('BASEBALL CARDS', 'FOOTBALL CARDS'…) as one of our sports. */
export function sportFromPsaCategory(category: string | null | undefined): Sport {
  const c = (category ?? '').toLowerCase();
  for (const s of sports) if (s !== 'other' && c.includes(s)) return s;
  if (c.includes('nascar') || c.includes('auto racing')) return 'racing';
  return 'other';
}

/** The add-card form's values from a PSA certificate. */
export function cardPrefillFromPsa(cert: PsaCert): Partial<CreateCardInput> {
  const year = cert.year ? Number.parseInt(cert.year, 10) : Number.NaN;
  return {
    grader: 'PSA',
    certNumber: cert.certNumber,
    grade: cert.grade ?? undefined,
    gradeValue: gradeValueFromLabel(cert.grade) ?? undefined,
    year: Number.isFinite(year) ? year : undefined,
    brand: cert.brand ?? undefined,
    subject: cert.subject ?? undefined,
    cardNumber: cert.cardNumber ?? undefined,
    variety: cert.variety ?? undefined,
    sport: sportFromPsaCategory(cert.category),
    source: 'psa',
  };
}

/** POST /api/admin/psa/bulk. Each number is checked on its own and a bad one becomes an error row. */
export const psaBulkRequestSchema = z.strictObject({
  certNumbers: z.array(z.string().max(40)).min(1, cardMessages.bulkEmpty).max(PSA_BULK_MAX, cardMessages.bulkTooMany),
});
export type PsaBulkRequest = z.input<typeof psaBulkRequestSchema>;

export const psaBulkRowSchema = z.object({
  certNumber: z.string(),
  cert: psaCertSchema.nullable(),
  error: z.string().nullable(),
  fromCache: z.boolean(),
});
export type PsaBulkRow = z.infer<typeof psaBulkRowSchema>;
export const psaBulkResponseSchema = z.object({ results: z.array(psaBulkRowSchema) });
export type PsaBulkResponse = z.infer<typeof psaBulkResponseSchema>;

/** A pasted list, split on lines, commas, semicolons or spaces; blanks dropped, order kept. */
export function splitCertList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.replace(/^#/, '').trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export const adminCardSorts = ['recent', 'value_desc', 'value_asc', 'year_desc', 'year_asc', 'subject'] as const;
export type AdminCardSort = (typeof adminCardSorts)[number];

export const adminCardsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  ownerId: z.uuid().optional(),
  custody: z.enum(custodyStates).optional(),
  grader: z.enum(graders).optional(),
  sport: z.enum(sports).optional(),
  needsReview: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  sort: z.enum(adminCardSorts).default('recent'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminCardsQuery = z.input<typeof adminCardsQuerySchema>;

export const adminCardRowSchema = cardSummarySchema.extend({
  ownerId: z.string(),
  cardNumber: z.string().nullable(),
  variety: z.string().nullable(),
  appraisal: cardAppraisalSchema.nullable(),
  owner: z.object({ id: z.string(), name: z.string().nullable(), phone: z.string() }),
  sport: z.enum(sports),
  gradeValue: z.number().nullable(),
  needsReview: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminCardRow = z.infer<typeof adminCardRowSchema>;

export const adminCardsResponseSchema = z.object({
  cards: z.array(adminCardRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminCardsResponse = z.infer<typeof adminCardsResponseSchema>;

/** PATCH /api/admin/cards/{id}/custody. */
export const custodyChangeSchema = z.strictObject({
  custody: z.enum(custodyStates),
  note: z
    .string()
    .trim()
    .max(CUSTODY_NOTE_MAX, cardMessages.noteTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CustodyChangeInput = z.input<typeof custodyChangeSchema>;

export const usersWithCardsResponseSchema = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      phone: z.string(),
      cardCount: z.number(),
      totalEstimatedValueCents: z.number(),
    }),
  ),
});
export type UsersWithCardsResponse = z.infer<typeof usersWithCardsResponseSchema>;

/** The payload of the `card_updated` live event. */
export const cardUpdatedReasons = [
  'created',
  'edited',
  'deleted',
  'image_added',
  'custody_changed',
  'psa_rechecked',
  'held',
  'released',
  'transferred',
  'corrected',
  'appraised',
] as const;
export type CardUpdatedReason = (typeof cardUpdatedReasons)[number];
