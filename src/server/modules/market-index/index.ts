// The market-index module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { marketIndexRoutes } from './market-index.routes.ts';
export { collectionVsMarket, marketIndexJobs, marketValuesFor, recomputeIndex, scheduleDailyRecompute } from './market-index.service.ts';
