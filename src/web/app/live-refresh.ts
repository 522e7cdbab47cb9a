import type { RefreshMap } from '#web/lib/live/refresh.ts';
import { accessRequestKeys } from '#web/features/access-requests/api/keys.ts';
import { adminInvoiceKeys } from '#web/features/admin-invoices/api/keys.ts';
import { adminCardKeys } from '#web/features/admin-cards/api/keys.ts';
import { adminDashboardKeys } from '#web/features/admin-dashboard/api/keys.ts';
import { adminFundKeys } from '#web/features/admin-funds/api/keys.ts';
import { adminUserKeys } from '#web/features/admin-users/api/keys.ts';
import { authKeys } from '#web/features/auth/api/keys.ts';
import { fundKeys } from '#web/features/funds/api/keys.ts';
import { kycKeys } from '#web/features/kyc/api/keys.ts';
import { managerKeys } from '#web/features/manager/api/keys.ts';
import { onboardingKeys } from '#web/features/onboarding/api/keys.ts';
import { paymentKeys } from '#web/features/payments/api/keys.ts';
import { cardKeys } from '#web/features/registry/api/keys.ts';
import { indexKeys } from '#web/features/market-index/api/keys.ts';
import { huntKeys } from '#web/features/sourcing/api/keys.ts';
import { adminSourceKeys } from '#web/features/admin-sources/api/keys.ts';
import { adminLoanKeys } from '#web/features/admin-lending/api/keys.ts';
import { loanKeys } from '#web/features/lending/api/keys.ts';
import { marketplaceKeys as market } from '#web/features/marketplace/api/keys.ts';
import { adminMarketKeys as adminMarket } from '#web/features/admin-marketplace/api/keys.ts';
import { notificationKeys } from '#web/features/notifications/api/keys.ts';
import { alertKeys } from '#web/features/alerts/api/keys.ts';
import { unbuiltKeys as u } from './unbuilt-keys.ts';
import { adminSettingsKeys } from '#web/features/admin-settings/api/keys.ts';
import { vaultKeys } from '#web/features/vault/api/keys.ts';

/** Which query keys (spec §7's list) each live event refreshes; each key covers everything under it. */
export const refreshKeysByEvent: RefreshMap = {
  access_request_updated: [accessRequestKeys.all, accessRequestKeys.recent, adminDashboardKeys.all],
  kyc_document_updated: [kycKeys.adminDocuments, kycKeys.myDocuments, kycKeys.myStatus, adminDashboardKeys.all],
  kyc_status_updated: [kycKeys.myStatus, kycKeys.adminDocuments, kycKeys.myDocuments],
  user_updated: [authKeys.me, u.adminUser, adminUserKeys.all, authKeys.profile, u.adminUserByPhone],
  profile_updated: [authKeys.profile, authKeys.me, adminUserKeys.all],
  // Collateral custody and values show on loans too (loans last, so the spec's keys go first).
  card_updated: [
    cardKeys.all,
    cardKeys.registry,
    adminCardKeys.all,
    adminCardKeys.usersWithCards,
    loanKeys.mine,
    adminLoanKeys.all,
    indexKeys.collection,
    loanKeys.quote,
    // A card held, received, shipped or delivered moves the Vault tab and the vault queue.
    vaultKeys.mine,
    vaultKeys.admin,
  ],
  hunt_updated: [huntKeys.board, adminSourceKeys.hunts, huntKeys.mine, adminSourceKeys.sources, adminDashboardKeys.all],
  request_updated: [adminMarket.requests, market.requests, market.listings, adminMarket.listings],
  loan_updated: [adminLoanKeys.all, loanKeys.mine, adminDashboardKeys.all],
  sell_updated: [adminMarket.sells, market.sells, market.sales, adminMarket.sales, adminDashboardKeys.all],
  source_updated: [huntKeys.mySources, adminSourceKeys.sources, huntKeys.activeSources, huntKeys.mine, huntKeys.board, adminDashboardKeys.all],
  source_status_changed: [huntKeys.mySources, adminSourceKeys.sources, huntKeys.activeSources, huntKeys.board],
  onboarding_updated: [onboardingKeys.status, managerKeys.clients, fundKeys.positions],
  // A listing reserved, released, sold or withdrawn: every open /secure page and the admin's lists.
  listing_updated: [
    market.listings,
    market.offers,
    adminMarket.listings,
    adminMarket.offers,
    market.sales,
    adminMarket.sales,
    adminMarket.houseCards,
    adminDashboardKeys.all,
  ],
  promotion_updated: [market.promotions, adminMarket.promotions, market.listings],
  // A fund's figures, a member's own requests and positions, the staff lists and a manager's client page.
  fund_updated: [fundKeys.all, fundKeys.positions, adminFundKeys.all, managerKeys.clients, adminDashboardKeys.all],
  // Invoices sent and paid are announced by a notification to the member and the admins; a paid
  // installment moves a loan's schedule and balance without changing its status; an alert that
  // fired changes its state on the dashboard's Watching list.
  notification: [
    paymentKeys.invoices,
    paymentKeys.subscription,
    adminInvoiceKeys.all,
    loanKeys.mine,
    adminLoanKeys.all,
    notificationKeys.all,
    adminDashboardKeys.all,
    adminSettingsKeys.all,
    // Offers on listings: made, answered, expired or closed (issue 34) arrive as notifications.
    market.offers,
    adminMarket.offers,
    alertKeys.all,
    // An outtake's fee paid (packing) and the vault's receipt, shipment and delivery notices.
    vaultKeys.mine,
    vaultKeys.admin,
  ],
};
