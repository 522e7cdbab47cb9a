import { z } from 'zod';
import { cardImageRefSchema, graders, personRefSchema, sports } from './cards.ts';
import type { TransitionMap } from './transitions.ts';
import { dateOnlySchema } from './date-only-schema.ts';

// ---------------------------------------------------------------------------------------------
// Private MarketPlace (domain.md: "Private MarketPlace, sales and promotion", "card_requests")
// ---------------------------------------------------------------------------------------------

export { marketplacePath, marketplacePaths } from './marketplace-paths.ts';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** A listing price: a positive integer of cents, at most $100,000,000. */
export const LISTING_PRICE_MAX_CENTS = 10_000_000_000;
/** The default hold (the marketplace settings' reservation minutes decide the real one). */
export const RESERVATION_MS = 15 * 60_000;
export const LISTINGS_PAGE_SIZE = 24;
export const LISTINGS_PAGE_SIZE_MAX = 60;
export const LISTINGS_Q_MAX = 100;
export const SIMILAR_LISTINGS = 4;
export const PROMOTION_DAYS_MAX = 30;
export const MARKET_NOTE_MAX = 500;
/** A view longer than a day is a tab left open; it is capped, not refused. */
export const VIEW_SECONDS_MAX = 24 * 60 * 60;
export const SALES_PAGE_SIZE_MAX = 500;

// ---------------------------------------------------------------------------------------------
// Status lists, labels and machines
// ---------------------------------------------------------------------------------------------

export const listingStatuses = ['active', 'reserved', 'sold', 'withdrawn'] as const;
export type ListingStatus = (typeof listingStatuses)[number];
export const listingStatusLabels: Record<ListingStatus, string> = { active: 'Active', reserved: 'Reserved', sold: 'Sold', withdrawn: 'Withdrawn' };
/** active ⇄ reserved (a buyer's 15-minute hold; lapse or cancel returns it) → sold; active → withdrawn. */
export const listingTransitions: TransitionMap<ListingStatus> = {
  active: ['reserved', 'withdrawn'],
  reserved: ['active', 'sold'],
  sold: [],
  withdrawn: [],
};

export const listingSorts = ['newest', 'price_asc', 'price_desc', 'grade_desc'] as const;
export type ListingSort = (typeof listingSorts)[number];
export const listingSortLabels: Record<ListingSort, string> = {
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  grade_desc: 'Grade: high to low',
};

export const cardRequestKinds = ['list', 'vault'] as const;
export type CardRequestKind = (typeof cardRequestKinds)[number];
export const cardRequestKindLabels: Record<CardRequestKind, string> = { list: 'List on the MarketPlace', vault: 'Take into the vault' };
/**
 * pending → approved (pickup arranged; custody in_transit) → completed (received into the vault;
 * a `list` request's listing created). A card already in the vault completes on approval.
 * pending → rejected (admin) | cancelled (member).
 */
export const cardRequestStatuses = ['pending', 'approved', 'completed', 'rejected', 'cancelled'] as const;
export type CardRequestStatus = (typeof cardRequestStatuses)[number];
export const cardRequestStatusLabels: Record<CardRequestStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved: pickup arranged',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};
export const cardRequestTransitions: TransitionMap<CardRequestStatus> = {
  pending: ['approved', 'completed', 'rejected', 'cancelled'],
  approved: ['completed'],
  completed: [],
  rejected: [],
  cancelled: [],
};
export const adminCardRequestActions = ['approve', 'reject', 'receive'] as const;
export type AdminCardRequestAction = (typeof adminCardRequestActions)[number];
export const adminCardRequestActionLabels: Record<AdminCardRequestAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  receive: 'Confirm receipt into the vault',
};

/**
 * pending → accepted | rejected | countered (admin) | withdrawn (member);
 * countered → accepted (member accepts the counter) | declined (member) | withdrawn.
 */
export const sellOfferStatuses = ['pending', 'countered', 'accepted', 'rejected', 'declined', 'withdrawn'] as const;
export type SellOfferStatus = (typeof sellOfferStatuses)[number];
export const sellOfferStatusLabels: Record<SellOfferStatus, string> = {
  pending: 'Pending review',
  countered: 'Countered',
  accepted: 'Accepted',
  rejected: 'Rejected',
  declined: 'Counter declined',
  withdrawn: 'Withdrawn',
};
export const sellOfferTransitions: TransitionMap<SellOfferStatus> = {
  pending: ['accepted', 'rejected', 'countered', 'withdrawn'],
  countered: ['accepted', 'declined', 'withdrawn'],
  accepted: [],
  rejected: [],
  declined: [],
  withdrawn: [],
};
export const adminSellActions = ['accept', 'reject', 'counter'] as const;
export type AdminSellAction = (typeof adminSellActions)[number];
export const adminSellActionLabels: Record<AdminSellAction, string> = { accept: 'Accept', reject: 'Reject', counter: 'Counter' };
export const memberSellActions = ['accept_counter', 'decline_counter', 'withdraw'] as const;
export type MemberSellAction = (typeof memberSellActions)[number];
export const memberSellActionLabels: Record<MemberSellAction, string> = {
  accept_counter: 'Accept counter',
  decline_counter: 'Decline counter',
  withdraw: 'Withdraw offer',
};

export const promotionStatuses = ['pending', 'approved', 'declined', 'cancelled'] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];
export const promotionStatusLabels: Record<PromotionStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Cancelled',
};
export const promotionTransitions: TransitionMap<PromotionStatus> = {
  pending: ['approved', 'declined', 'cancelled'],
  approved: [],
  declined: [],
  cancelled: [],
};

export const saleKinds = ['marketplace', 'sell_offer'] as const;
export type SaleKind = (typeof saleKinds)[number];
export const saleKindLabels: Record<SaleKind, string> = { marketplace: 'MarketPlace purchase', sell_offer: 'Bought by the house' };
/** What the house owes the seller: nothing (house sale), owed, or paid out. */
export const payoutStatuses = ['none', 'owed', 'paid'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
/** `none`: the house sold its own card; `owed` is paid once. */
export const payoutTransitions: TransitionMap<PayoutStatus> = {
  none: [],
  owed: ['paid'],
  paid: [],
};
export const payoutStatusLabels: Record<PayoutStatus, string> = { none: '—', owed: 'Payout owed', paid: 'Paid out' };

export const salesPeriods = ['day', 'week', 'month'] as const;
export type SalesPeriod = (typeof salesPeriods)[number];

// ---------------------------------------------------------------------------------------------
// Messages (exact spec texts where the spec has them)
// ---------------------------------------------------------------------------------------------

export const marketplaceToasts = {
  /** Spec §8 live toasts. */
  cardRequestUpdated: 'Card Request Updated',
  sellOfferUpdated: 'Sell Offer Updated',
} as const;

export const marketplaceMessages = {
  /** 409 for the losing buyer of a race (issue 15, exact). */
  justReserved: 'This card was just reserved by another member',
  listingNotFound: 'Listing not found',
  listingSold: 'This card has already been sold',
  listingWithdrawn: 'This listing has been withdrawn',
  listingNotReserved: 'This listing is not reserved',
  notYourReservation: 'This reservation is not yours',
  ownListing: 'You cannot buy your own listing',
  listingActiveOnly: 'Only an active listing can be changed',
  alreadyListed: 'This card is already listed',
  notInVault: 'Only a card in the vault can be listed',
  notHouseCard: 'Only house cards can be listed here',
  price: 'Enter a price greater than $0 and at most $100,000,000',
  priceRange: 'The minimum price must not be above the maximum',
  gradeRange: 'The minimum grade must not be above the maximum',
  dateRange: 'The start must be before the end',
  requestNotFound: 'Card request not found',
  requestPending: 'You already have a pending request for this card',
  askingPriceRequired: 'Enter an asking price to list the card',
  askingPriceVault: 'A vault request has no asking price',
  cardNotOwned: 'That card is not in your registry',
  cardInTransit: 'That card is in transit; try again once custody has settled',
  alreadyInVault: 'That card is already in the vault',
  offerNotFound: 'Offer not found',
  offerPending: 'You already have an open offer on this card',
  counterPriceRequired: 'Enter a counter price',
  counterLower: 'A counter must differ from the asking price',
  promotionNotFound: 'Promotion request not found',
  promotionPending: 'This listing already has a pending promotion request',
  promotionNotSeller: 'Only the seller can promote this listing',
  promotionListingActive: 'Only an active or reserved listing can be promoted',
  promotionDays: `Choose between 1 and ${PROMOTION_DAYS_MAX} days`,
  saleNotFound: 'Sale not found',
  payoutNotOwed: 'No payout is owed on this sale',
  viewNotFound: 'View not found',
  viewAlreadyUpdated: 'This view has already been recorded',
  timeSpent: 'Time spent must be at least 1 second',
  stale: (current: string, expected: string) => `This changed meanwhile: it is ${current}, not ${expected}`,
  actionNotAllowed: (action: string, status: string) => `A ${status} record cannot be given “${action}”`,
} as const;

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

const note = z.string().trim().max(MARKET_NOTE_MAX, `At most ${MARKET_NOTE_MAX} characters`);
export const listingPriceSchema = z
  .number({ error: marketplaceMessages.price })
  .int(marketplaceMessages.price)
  .positive(marketplaceMessages.price)
  .max(LISTING_PRICE_MAX_CENTS, marketplaceMessages.price);
export const idParamsSchema = z.object({ id: z.uuid({ error: 'Not found' }) });
export const okResponseSchema = z.object({ ok: z.literal(true) });

/** The card as a listing shows it (`brand` is the set). */
export const listedCardSchema = z.object({
  id: z.string(),
  subject: z.string(),
  year: z.number(),
  brand: z.string(),
  cardNumber: z.string().nullable(),
  variety: z.string().nullable(),
  sport: z.enum(sports),
  grader: z.enum(graders),
  grade: z.string().nullable(),
  gradeValue: z.number().nullable(),
  certNumber: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type ListedCard = z.infer<typeof listedCardSchema>;

/** The seller: the house (`id` null) or a member. */
export const sellerSchema = z.object({ kind: z.enum(['house', 'member']), id: z.string().nullable(), name: z.string().nullable() });
export type Seller = z.infer<typeof sellerSchema>;

/** A status change as history shows it. */
export const statusHistoryEntrySchema = z.object({
  status: z.string(),
  at: z.string(),
  note: z.string().nullable(),
  by: personRefSchema.nullable(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntrySchema>;

// ---------------------------------------------------------------------------------------------
// Listings
// ---------------------------------------------------------------------------------------------

/** One slab in the /secure gallery. */
export const listingCardSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  priceCents: z.number(),
  status: z.enum(listingStatuses),
  /** featuredUntil is in the future. */
  featured: z.boolean(),
  featuredUntil: z.string().nullable(),
  seller: sellerSchema,
  card: listedCardSchema,
  /** Set while reserved (by anyone); only the reserving buyer learns it is theirs. */
  reservedUntil: z.string().nullable(),
  reservedByMe: z.boolean(),
  createdAt: z.string(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

/** GET /api/listings/{id}: the detail page. */
export const listingDetailSchema = listingCardSchema.extend({
  images: z.object({ front: cardImageRefSchema.nullable(), back: cardImageRefSchema.nullable() }),
  /** PSA population from the cached cert (null when unknown). */
  population: z.object({ total: z.number().nullable(), higher: z.number().nullable() }).nullable(),
  /** "In our vault since …, cert re-checked on …". */
  provenance: z.object({ inVaultSince: z.string().nullable(), certRecheckedAt: z.string().nullable(), eventCount: z.number() }),
  /** The caller is the seller (no Buy; may ask for promotion). */
  isMine: z.boolean(),
  /** The card was sold to the caller: it is in their registry now. */
  boughtByMe: z.boolean(),
  /** The caller's own reservation: its invoice to pay at /checkout?invoice=…. */
  reservation: z.object({ invoiceId: z.string(), reservedUntil: z.string(), checkoutPath: z.string() }).nullable(),
  similar: z.array(listingCardSchema),
  /** How long Buy holds the card (the marketplace settings). */
  reservationMinutes: z.number().int(),
});
export type ListingDetail = z.infer<typeof listingDetailSchema>;

const optionalNumber = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : Number(v)), inner.optional());

/** GET /api/listings: every filter optional; featured listings always come first. */
export const listingsQuerySchema = z
  .object({
    q: z.string().trim().max(LISTINGS_Q_MAX).optional(),
    sport: z.enum(sports).optional(),
    grader: z.enum(graders).optional(),
    minGrade: optionalNumber(z.number().min(0).max(10)),
    maxGrade: optionalNumber(z.number().min(0).max(10)),
    minPriceCents: optionalNumber(z.number().int().min(0).max(LISTING_PRICE_MAX_CENTS)),
    maxPriceCents: optionalNumber(z.number().int().min(0).max(LISTING_PRICE_MAX_CENTS)),
    sort: z.enum(listingSorts).default('newest'),
    page: optionalNumber(z.number().int().min(1).max(10_000)).default(1),
    pageSize: optionalNumber(z.number().int().min(1).max(LISTINGS_PAGE_SIZE_MAX)).default(LISTINGS_PAGE_SIZE),
  })
  .refine((q) => q.minPriceCents === undefined || q.maxPriceCents === undefined || q.minPriceCents <= q.maxPriceCents, {
    message: marketplaceMessages.priceRange,
    path: ['minPriceCents'],
  })
  .refine((q) => q.minGrade === undefined || q.maxGrade === undefined || q.minGrade <= q.maxGrade, {
    message: marketplaceMessages.gradeRange,
    path: ['minGrade'],
  });
export type ListingsQueryInput = z.input<typeof listingsQuerySchema>;
export type ListingsQuery = z.output<typeof listingsQuerySchema>;

/** Page pagination without a total count (cheap over 100,000 listings): `hasMore` says there is a next page. */
export const listingsResponseSchema = z.object({
  listings: z.array(listingCardSchema),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
  /** How long Buy holds a card (the marketplace settings), for the page's words. */
  reservationMinutes: z.number().int(),
});
export type ListingsResponse = z.infer<typeof listingsResponseSchema>;

/** POST /api/listings/{id}/reserve → the hold (the settings' minutes) and the invoice to pay at /checkout. */
export const reserveResponseSchema = z.object({
  listingId: z.string(),
  invoiceId: z.string(),
  reservedUntil: z.string(),
  /** `/checkout?invoice=<invoiceId>`. */
  checkoutPath: z.string(),
});
export type ReserveResponse = z.infer<typeof reserveResponseSchema>;

/** Admin listing management (/admin/cards): every listing with its status. */
export const adminListingSchema = listingCardSchema.extend({
  reservedBy: personRefSchema.nullable(),
  soldAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminListing = z.infer<typeof adminListingSchema>;
export const adminListingsQuerySchema = z.object({ status: z.enum(listingStatuses).optional(), q: z.string().trim().max(LISTINGS_Q_MAX).optional() });
export const adminListingsResponseSchema = z.object({ listings: z.array(adminListingSchema) });
export type AdminListingsResponse = z.infer<typeof adminListingsResponseSchema>;

/** POST /api/admin/listings: a house card (owned by the house account, in the vault, free). */
export const createListingSchema = z.strictObject({
  cardId: z.uuid({ error: 'Choose a card' }),
  priceCents: listingPriceSchema,
  featuredDays: z
    .number()
    .int()
    .min(1, marketplaceMessages.promotionDays)
    .max(PROMOTION_DAYS_MAX, marketplaceMessages.promotionDays)
    .nullable()
    .default(null),
});
export type CreateListingInput = z.input<typeof createListingSchema>;

/** PATCH /api/admin/listings/{id}: reprice, feature (null clears) or withdraw an active listing. */
export const patchListingSchema = z
  .strictObject({
    priceCents: listingPriceSchema.optional(),
    featuredUntil: z.iso.datetime({ offset: true }).nullable().optional(),
    status: z.literal('withdrawn').optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type PatchListingInput = z.input<typeof patchListingSchema>;

/** GET /api/admin/listings/house-cards: house cards that can be listed now (in the vault, unheld). */
export const houseCardsResponseSchema = z.object({
  cards: z.array(listedCardSchema.extend({ estimatedValueCents: z.number() })),
});
export type HouseCardsResponse = z.infer<typeof houseCardsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Sales
// ---------------------------------------------------------------------------------------------

export const saleRowSchema = z.object({
  id: z.string(),
  kind: z.enum(saleKinds),
  listingId: z.string().nullable(),
  sellOfferId: z.string().nullable(),
  invoiceId: z.string().nullable(),
  card: listedCardSchema,
  /** The house when the house bought (a sell offer). */
  buyer: sellerSchema,
  seller: sellerSchema,
  priceCents: z.number(),
  /** The sale fee lines on the buyer's invoice (house revenue). */
  feesCents: z.number(),
  /** What the buyer paid: price plus fees. */
  totalCents: z.number(),
  /** What the seller receives (the price; the house keeps its own). */
  sellerProceedsCents: z.number(),
  payoutStatus: z.enum(payoutStatuses),
  payoutPaidAt: z.string().nullable(),
  soldAt: z.string(),
});
export type SaleRow = z.infer<typeof saleRowSchema>;

/** GET /api/user/sales: the caller's purchases and sales. */
export const userSalesResponseSchema = z.object({ bought: z.array(saleRowSchema), sold: z.array(saleRowSchema) });
export type UserSalesResponse = z.infer<typeof userSalesResponseSchema>;

/** GET /api/admin/sales (and …/export.csv): from/to are days (YYYY-MM-DD, inclusive). */
export const adminSalesQuerySchema = z
  .object({
    from: dateOnlySchema.optional(),
    to: dateOnlySchema.optional(),
    kind: z.enum(saleKinds).optional(),
    period: z.enum(salesPeriods).default('month'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: marketplaceMessages.dateRange, path: ['from'] });
export type AdminSalesQueryInput = z.input<typeof adminSalesQuerySchema>;

export const salesTotalsSchema = z.object({
  count: z.number(),
  priceCents: z.number(),
  feesCents: z.number(),
  totalCents: z.number(),
  payoutsOwedCents: z.number(),
});
export type SalesTotals = z.infer<typeof salesTotalsSchema>;
export const adminSalesResponseSchema = z.object({
  sales: z.array(saleRowSchema),
  totals: salesTotalsSchema,
  /** Totals per day / week / month (period start, YYYY-MM-DD), oldest first. */
  byPeriod: z.array(salesTotalsSchema.omit({ payoutsOwedCents: true }).extend({ period: z.string() })),
  /** More rows matched than SALES_PAGE_SIZE_MAX; the totals still count them all. */
  truncated: z.boolean(),
});
export type AdminSalesResponse = z.infer<typeof adminSalesResponseSchema>;
export const csvHeaders = ['Date', 'Kind', 'Card', 'Buyer', 'Seller', 'Price', 'Fees', 'Total', 'Seller proceeds', 'Payout'] as const;

/** PATCH /api/admin/sales/{id}: the house paid the seller (a sell offer's payout, a member's sale). */
export const patchSaleSchema = z.strictObject({ payoutStatus: z.literal('paid') });

// ---------------------------------------------------------------------------------------------
// Card requests (/api/user/requests, /api/admin/requests; live `request_updated`)
// ---------------------------------------------------------------------------------------------

export const cardRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(cardRequestKinds),
  status: z.enum(cardRequestStatuses),
  card: listedCardSchema.extend({ custody: z.string() }),
  member: personRefSchema,
  askingPriceCents: z.number().nullable(),
  note: z.string().nullable(),
  adminNote: z.string().nullable(),
  listingId: z.string().nullable(),
  history: z.array(statusHistoryEntrySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CardRequest = z.infer<typeof cardRequestSchema>;
export const cardRequestsResponseSchema = z.object({ requests: z.array(cardRequestSchema) });
export type CardRequestsResponse = z.infer<typeof cardRequestsResponseSchema>;

export const createCardRequestSchema = z
  .strictObject({
    cardId: z.uuid({ error: 'Choose a card' }),
    kind: z.enum(cardRequestKinds),
    askingPriceCents: listingPriceSchema.nullable().default(null),
    note: note.nullable().default(null),
  })
  .superRefine((v, c) => {
    if (v.kind === 'list' && v.askingPriceCents === null)
      c.addIssue({ code: 'custom', message: marketplaceMessages.askingPriceRequired, path: ['askingPriceCents'] });
    if (v.kind === 'vault' && v.askingPriceCents !== null)
      c.addIssue({ code: 'custom', message: marketplaceMessages.askingPriceVault, path: ['askingPriceCents'] });
  });
export type CreateCardRequestInput = z.input<typeof createCardRequestSchema>;

/** PATCH /api/user/requests/{id}: the member cancels a pending request. */
export const memberCardRequestPatchSchema = z.strictObject({ action: z.literal('cancel') });
/** PATCH /api/admin/requests/{id}. */
export const adminCardRequestPatchSchema = z.strictObject({ action: z.enum(adminCardRequestActions), note: note.nullable().default(null) });
export const adminCardRequestsQuerySchema = z.object({ status: z.enum(cardRequestStatuses).optional() });

// ---------------------------------------------------------------------------------------------
// Sell offers (/api/user/sells, /api/admin/sells; live `sell_updated`)
// ---------------------------------------------------------------------------------------------

export const sellOfferSchema = z.object({
  id: z.string(),
  status: z.enum(sellOfferStatuses),
  card: listedCardSchema.extend({ custody: z.string() }),
  member: personRefSchema,
  priceCents: z.number(),
  counterPriceCents: z.number().nullable(),
  /** The agreed price once accepted. */
  finalPriceCents: z.number().nullable(),
  note: z.string().nullable(),
  adminNote: z.string().nullable(),
  saleId: z.string().nullable(),
  history: z.array(statusHistoryEntrySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SellOffer = z.infer<typeof sellOfferSchema>;
export const sellOffersResponseSchema = z.object({ offers: z.array(sellOfferSchema) });
export type SellOffersResponse = z.infer<typeof sellOffersResponseSchema>;

export const createSellOfferSchema = z.strictObject({
  cardId: z.uuid({ error: 'Choose a card' }),
  priceCents: listingPriceSchema,
  note: note.nullable().default(null),
});
export type CreateSellOfferInput = z.input<typeof createSellOfferSchema>;
export const memberSellPatchSchema = z.strictObject({ action: z.enum(memberSellActions) });
export const adminSellPatchSchema = z
  .strictObject({
    action: z.enum(adminSellActions),
    counterPriceCents: listingPriceSchema.nullable().default(null),
    note: note.nullable().default(null),
  })
  .refine((v) => v.action !== 'counter' || v.counterPriceCents !== null, {
    message: marketplaceMessages.counterPriceRequired,
    path: ['counterPriceCents'],
  });
export type AdminSellPatchInput = z.input<typeof adminSellPatchSchema>;
export const adminSellsQuerySchema = z.object({ status: z.enum(sellOfferStatuses).optional() });

// ---------------------------------------------------------------------------------------------
// Promotion requests (/api/user/promotion-requests, /api/admin/promotion-requests)
// ---------------------------------------------------------------------------------------------

export const promotionRequestSchema = z.object({
  id: z.string(),
  status: z.enum(promotionStatuses),
  listing: listingCardSchema,
  member: personRefSchema,
  days: z.number(),
  note: z.string().nullable(),
  adminNote: z.string().nullable(),
  /** Set on approval. */
  featuredUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PromotionRequest = z.infer<typeof promotionRequestSchema>;
export const promotionRequestsResponseSchema = z.object({ requests: z.array(promotionRequestSchema) });
export type PromotionRequestsResponse = z.infer<typeof promotionRequestsResponseSchema>;
export const createPromotionRequestSchema = z.strictObject({
  listingId: z.uuid({ error: marketplaceMessages.listingNotFound }),
  days: z
    .number({ error: marketplaceMessages.promotionDays })
    .int(marketplaceMessages.promotionDays)
    .min(1, marketplaceMessages.promotionDays)
    .max(PROMOTION_DAYS_MAX, marketplaceMessages.promotionDays),
  note: note.nullable().default(null),
});
export type CreatePromotionRequestInput = z.input<typeof createPromotionRequestSchema>;
export const memberPromotionPatchSchema = z.strictObject({ action: z.literal('cancel') });
export const adminPromotionPatchSchema = z.strictObject({ action: z.enum(['approve', 'decline']), note: note.nullable().default(null) });
export const adminPromotionsQuerySchema = z.object({ status: z.enum(promotionStatuses).optional() });

// ---------------------------------------------------------------------------------------------
// Secure view analytics (spec §4, §7, §9)
// ---------------------------------------------------------------------------------------------

/** POST /api/secure-view-analytics: the spec's `{ cardId, userId }`; the server trusts the session, not userId. */
export const secureViewCreateSchema = z.object({
  cardId: z.uuid({ error: 'Card not found' }),
  userId: z.string().max(100).nullable().optional(),
});
export type SecureViewCreateInput = z.input<typeof secureViewCreateSchema>;
export const secureViewCreatedSchema = z.object({ id: z.string() });
export type SecureViewCreated = z.infer<typeof secureViewCreatedSchema>;

/** PATCH /api/secure-view-analytics/{id} `{ timeSpentSeconds }` (minimum 1), once per record. */
export const secureViewUpdateSchema = z.object({
  timeSpentSeconds: z.number({ error: marketplaceMessages.timeSpent }).min(1, marketplaceMessages.timeSpent),
});
export type SecureViewUpdateInput = z.input<typeof secureViewUpdateSchema>;
/**
 * The same body as navigator.sendBeacon sends it (`text/plain` JSON, a string on the server):
 * parsed here so both forms share one schema.
 */
export const secureViewBeaconSchema = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}, secureViewUpdateSchema);

export const secureAnalyticsQuerySchema = z
  .object({ from: dateOnlySchema.optional(), to: dateOnlySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: marketplaceMessages.dateRange, path: ['from'] });
export type SecureAnalyticsQueryInput = z.input<typeof secureAnalyticsQuerySchema>;

export const secureAnalyticsRowSchema = z.object({
  cardId: z.string(),
  /** The card's current or latest listing (null if it never had one). */
  listingId: z.string().nullable(),
  card: listedCardSchema,
  views: z.number(),
  uniqueViewers: z.number(),
  /** Seconds, over views whose time was recorded. */
  totalSeconds: z.number(),
  medianSeconds: z.number().nullable(),
});
export type SecureAnalyticsRow = z.infer<typeof secureAnalyticsRowSchema>;
export const secureAnalyticsResponseSchema = z.object({
  from: dateOnlySchema,
  to: dateOnlySchema,
  totals: z.object({ views: z.number(), uniqueViewers: z.number(), totalSeconds: z.number(), medianSeconds: z.number().nullable() }),
  /** Views per day over the period, for the chart. */
  daily: z.array(z.object({ date: dateOnlySchema, views: z.number(), uniqueViewers: z.number() })),
  listings: z.array(secureAnalyticsRowSchema),
});
export type SecureAnalyticsResponse = z.infer<typeof secureAnalyticsResponseSchema>;
/** The default window when from/to are absent: the last 30 days. */
export const SECURE_ANALYTICS_DEFAULT_DAYS = 30;
