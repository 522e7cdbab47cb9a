import { z } from 'zod';
import { personRefSchema } from './cards.ts';
import { listedCardSchema, listingPriceSchema, listingStatuses, MARKET_NOTE_MAX, sellerSchema, statusHistoryEntrySchema } from './marketplace.ts';
import type { TransitionMap } from './transitions.ts';

/**
 * Listing offers (issue 34): a buyer offers less than the asking price on an active listing; the
 * seller (or an admin, for house listings) accepts, declines or counters once. Not to be confused
 * with sell offers (a member selling a card to the house).
 */
export { listingOfferPaths } from './listing-offer-paths.ts';

export const listingOfferStatuses = ['open', 'countered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type ListingOfferStatus = (typeof listingOfferStatuses)[number];
export const listingOfferStatusLabels: Record<ListingOfferStatus, string> = {
  open: 'Open',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};
/** The statuses that still wait for an answer (one per buyer and listing). */
export const openOfferStatuses = ['open', 'countered'] as const satisfies readonly ListingOfferStatus[];
/**
 * open → countered (the seller, once) | accepted (the seller) | declined (the seller, or another
 * offer accepted) | expired (the job) | withdrawn (the buyer);
 * countered → accepted | declined (the buyer answers; or another offer accepted) | expired.
 */
export const listingOfferTransitions: TransitionMap<ListingOfferStatus> = {
  open: ['countered', 'accepted', 'declined', 'expired', 'withdrawn'],
  countered: ['accepted', 'declined', 'expired'],
  accepted: [],
  declined: [],
  expired: [],
  withdrawn: [],
};

export const listingOfferMessages = {
  offerNotFound: 'Offer not found',
  belowAsking: 'An offer must be below the asking price',
  belowMinimum: (min: string) => `The seller accepts offers from ${min}`,
  ownListing: 'You cannot make an offer on your own listing',
  alreadyOpen: 'You already have an open offer on this listing',
  listingNotActive: 'Offers can only be made on an active listing',
  notSeller: 'Only the seller can answer this offer',
  notBuyer: 'Only the buyer can do this',
  counterOnce: 'This offer has already been countered',
  counterRange: 'A counter must be above the offer and below the asking price',
  expired: 'This offer has expired',
  minOfferRange: 'The minimum offer must be below the asking price',
  stale: (current: string) => `This offer is ${current} now`,
} as const;

const money = listingPriceSchema;

/** POST /api/listings/{id}/offers. */
export const createListingOfferSchema = z.strictObject({
  amountCents: money,
  message: z
    .string()
    .trim()
    .max(MARKET_NOTE_MAX, `At most ${MARKET_NOTE_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateListingOfferInput = z.input<typeof createListingOfferSchema>;

/** POST /api/offers/{id}/counter. */
export const counterListingOfferSchema = z.strictObject({ amountCents: money });
export type CounterListingOfferInput = z.input<typeof counterListingOfferSchema>;

/** PATCH /api/listings/{id}/min-offer: null removes the minimum. */
export const listingMinOfferSchema = z.strictObject({ minOfferCents: money.nullable() });
export type ListingMinOfferInput = z.input<typeof listingMinOfferSchema>;

export const listingOfferSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  /** The buyer's offer. */
  amountCents: z.number(),
  /** The seller's counter (at most one). */
  counterCents: z.number().nullable(),
  /** The price agreed once accepted: the offer, or the counter the buyer took. */
  agreedCents: z.number().nullable(),
  status: z.enum(listingOfferStatuses),
  message: z.string().nullable(),
  expiresAt: z.string(),
  buyer: personRefSchema,
  seller: sellerSchema,
  listing: z.object({ priceCents: z.number(), status: z.enum(listingStatuses), minOfferCents: z.number().nullable(), card: listedCardSchema }),
  /** Accepted and still reserved for the buyer: where they pay. Only the buyer sees it. */
  checkoutPath: z.string().nullable(),
  history: z.array(statusHistoryEntrySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ListingOffer = z.infer<typeof listingOfferSchema>;

/** GET /api/user/offers. */
export const userListingOffersSchema = z.object({ made: z.array(listingOfferSchema), received: z.array(listingOfferSchema) });
export type UserListingOffers = z.infer<typeof userListingOffersSchema>;

/** GET /api/listings/{id}/offers: every offer for the seller or an admin, the caller's own otherwise. */
export const listingOffersResponseSchema = z.object({
  offers: z.array(listingOfferSchema),
  /** The caller may answer them (the member seller, or an admin on a house listing). */
  canAnswer: z.boolean(),
  minOfferCents: z.number().nullable(),
});
export type ListingOffersResponse = z.infer<typeof listingOffersResponseSchema>;

/** GET /api/admin/offers: offers on house listings. */
export const adminListingOffersQuerySchema = z.object({ status: z.enum(listingOfferStatuses).optional() });
export const adminListingOffersResponseSchema = z.object({ offers: z.array(listingOfferSchema) });
export type AdminListingOffersResponse = z.infer<typeof adminListingOffersResponseSchema>;
