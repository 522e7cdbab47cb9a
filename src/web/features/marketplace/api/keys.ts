import { listingOfferPaths as op } from '#common/listing-offer-paths.ts';
import { marketplacePath, marketplacePaths as p } from '#common/marketplace-paths.ts';
import type { ListingsQueryInput } from '#common/marketplace.ts';

/** The member's marketplace keys; each starts with its `/api/...` path (decision 017). */
const USER_SALES = '/api/user/sales';
const USER_REQUESTS = '/api/user/requests';
const USER_SELLS = '/api/user/sells';
const USER_PROMOTIONS = '/api/user/promotion-requests';
const MY_CARDS = '/api/cards';

export const marketplaceKeys = {
  /** Every listing read (gallery pages, details with their similar listings) sits under this key. */
  listings: [p.listings] as const,
  list: (params: ListingsQueryInput) => [...marketplaceKeys.listings, params] as const,
  detail: (id: string) => [...marketplaceKeys.listings, id] as const,
  sales: [USER_SALES] as const,
  requests: [USER_REQUESTS] as const,
  sells: [USER_SELLS] as const,
  promotions: [USER_PROMOTIONS] as const,
  /** Offers on listings the member made and received (issue 34). */
  offers: [op.userOffers] as const,
  /** The offers on one listing, under the listing's own key so a listing refresh refreshes them. */
  listingOffers: (id: string) => [...marketplaceKeys.listings, id, 'offers'] as const,
  /** The member's own cards, to choose one for a request or an offer (under /api/cards, so card_updated refreshes it). */
  myCards: [MY_CARDS, 'marketplace-picker'] as const,
};

export const marketplaceApi = {
  listings: p.listings,
  listing: (id: string) => marketplacePath(p.listing, id),
  reserve: (id: string) => marketplacePath(p.reserve, id),
  cancelReservation: (id: string) => marketplacePath(p.cancelReservation, id),
  sales: USER_SALES,
  requests: USER_REQUESTS,
  request: (id: string) => marketplacePath(p.userRequest, id),
  sells: USER_SELLS,
  sell: (id: string) => marketplacePath(p.userSell, id),
  promotions: USER_PROMOTIONS,
  views: p.secureView,
  view: (id: string) => marketplacePath(p.secureViewRecord, id),
  myCards: MY_CARDS,
  offers: op.userOffers,
  listingOffers: (id: string) => marketplacePath(op.listingOffers, id),
  listingMinOffer: (id: string) => marketplacePath(op.listingMinOffer, id),
  offerAction: (id: string, action: 'accept' | 'decline' | 'counter' | 'withdraw') => marketplacePath(op[action], id),
};
