import { listingOfferPaths as lo } from '#common/listing-offer-paths.ts';
import type { ListingOfferStatus } from '#common/listing-offers.ts';
import { marketplacePath, marketplacePaths as p } from '#common/marketplace-paths.ts';
import type {
  AdminSalesQueryInput,
  CardRequestStatus,
  ListingStatus,
  PromotionStatus,
  SecureAnalyticsQueryInput,
  SellOfferStatus,
} from '#common/marketplace.ts';

/** The admin's marketplace keys; each starts with its `/api/...` path (decision 017). */
const ADMIN_REQUESTS = '/api/admin/requests';
const ADMIN_SELLS = '/api/admin/sells';
const ADMIN_LISTINGS = '/api/admin/listings';
const ADMIN_SALES = '/api/admin/sales';
const ADMIN_PROMOTIONS = '/api/admin/promotion-requests';
const ADMIN_SECURE_ANALYTICS = '/api/admin/secure-analytics';
const ADMIN_OFFERS = '/api/admin/offers';

export const adminMarketKeys = {
  requests: [ADMIN_REQUESTS] as const,
  requestList: (status: CardRequestStatus | undefined) => [...adminMarketKeys.requests, { status }] as const,
  sells: [ADMIN_SELLS] as const,
  sellList: (status: SellOfferStatus | undefined) => [...adminMarketKeys.sells, { status }] as const,
  listings: [ADMIN_LISTINGS] as const,
  listingList: (params: { status?: ListingStatus; q?: string }) => [...adminMarketKeys.listings, params] as const,
  houseCards: [p.adminHouseCards] as const,
  sales: [ADMIN_SALES] as const,
  saleList: (params: AdminSalesQueryInput) => [...adminMarketKeys.sales, params] as const,
  promotions: [ADMIN_PROMOTIONS] as const,
  promotionList: (status: PromotionStatus | undefined) => [...adminMarketKeys.promotions, { status }] as const,
  secureAnalytics: [ADMIN_SECURE_ANALYTICS] as const,
  /** Offers on house listings (issue 34). */
  offers: [ADMIN_OFFERS] as const,
  offerList: (status: ListingOfferStatus | undefined) => [...adminMarketKeys.offers, { status }] as const,
  secureAnalyticsFor: (params: SecureAnalyticsQueryInput) => [...adminMarketKeys.secureAnalytics, params] as const,
};

export const adminMarketApi = {
  requests: ADMIN_REQUESTS,
  request: (id: string) => marketplacePath(p.adminRequest, id),
  sells: ADMIN_SELLS,
  sell: (id: string) => marketplacePath(p.adminSell, id),
  listings: ADMIN_LISTINGS,
  listing: (id: string) => marketplacePath(p.adminListing, id),
  houseCards: p.adminHouseCards,
  sales: ADMIN_SALES,
  salesCsv: p.adminSalesCsv,
  sale: (id: string) => marketplacePath(p.adminSale, id),
  promotions: ADMIN_PROMOTIONS,
  promotion: (id: string) => marketplacePath(p.adminPromotionRequest, id),
  secureAnalytics: ADMIN_SECURE_ANALYTICS,
  offerAction: (id: string, action: 'accept' | 'decline' | 'counter' | 'withdraw') => marketplacePath(lo[action], id),
};
