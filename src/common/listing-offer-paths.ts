/** Listing offers' route paths, apart from listing-offers.ts (zod) for the same reason as marketplace-paths.ts. */
export const listingOfferPaths = {
  listingOffers: '/api/listings/:id/offers',
  listingMinOffer: '/api/listings/:id/min-offer',
  accept: '/api/offers/:id/accept',
  decline: '/api/offers/:id/decline',
  counter: '/api/offers/:id/counter',
  withdraw: '/api/offers/:id/withdraw',
  userOffers: '/api/user/offers',
  adminOffers: '/api/admin/offers',
} as const;
