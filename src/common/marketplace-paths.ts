// Kept apart from marketplace.ts (zod schemas) so the web's query keys, which the live
// connection loads on every signed-in page, can name the paths without loading zod.

/** Route paths (server and web share them; `:id` is a uuid). */
export const marketplacePaths = {
  listings: '/api/listings',
  listing: '/api/listings/:id',
  reserve: '/api/listings/:id/reserve',
  cancelReservation: '/api/listings/:id/cancel-reservation',
  adminListings: '/api/admin/listings',
  adminListing: '/api/admin/listings/:id',
  adminHouseCards: '/api/admin/listings/house-cards',
  userSales: '/api/user/sales',
  adminSales: '/api/admin/sales',
  adminSalesCsv: '/api/admin/sales/export.csv',
  adminSale: '/api/admin/sales/:id',
  userRequests: '/api/user/requests',
  userRequest: '/api/user/requests/:id',
  adminRequests: '/api/admin/requests',
  adminRequest: '/api/admin/requests/:id',
  userSells: '/api/user/sells',
  userSell: '/api/user/sells/:id',
  adminSells: '/api/admin/sells',
  adminSell: '/api/admin/sells/:id',
  userPromotionRequests: '/api/user/promotion-requests',
  userPromotionRequest: '/api/user/promotion-requests/:id',
  adminPromotionRequests: '/api/admin/promotion-requests',
  adminPromotionRequest: '/api/admin/promotion-requests/:id',
  /** Spec §7: POST { cardId, userId } → { id }. */
  secureView: '/api/secure-view-analytics',
  /** Spec §7: PATCH { timeSpentSeconds }; POST to the same path is the sendBeacon form (text/plain JSON). */
  secureViewRecord: '/api/secure-view-analytics/:id',
  adminSecureAnalytics: '/api/admin/secure-analytics',
} as const;

/** Fills `:id` in one of the paths above. */
export function marketplacePath(path: string, id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}
