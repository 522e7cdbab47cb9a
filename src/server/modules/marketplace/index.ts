// The marketplace module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { marketplaceJobs } from './marketplace.jobs.ts';
import { onInvoicePaid } from '#server/modules/money/index.ts';
import { marketplaceRoutes } from './marketplace.routes.ts';
import { onSettingSaved } from '#server/modules/settings/index.ts';
import { checkMarketplaceSettings, saleInvoicePaid } from './sales.service.ts';

export { marketplaceJobs } from './marketplace.jobs.ts';
export { postSaleHistory } from './sales.ledger-history.ts';
export { type ListingActiveListener, onListingActive } from './marketplace.hooks.ts';
export { listingForWatch, listingMatchesSearch, type ListingForWatch } from './marketplace.reads.ts';
export { marketplaceRoutes } from './marketplace.routes.ts';
export { OFFER_EXPIRE_JOB } from './listing-offers.service.ts';

export const marketplaceModule = defineModule({
  name: 'marketplace',
  routes: [marketplaceRoutes],
  jobs: marketplaceJobs,
  listeners: [() => onInvoicePaid('sale', saleInvoicePaid), () => onSettingSaved('marketplace', checkMarketplaceSettings)],
});
