// The marketplace module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { marketplaceJobs } from './marketplace.jobs.ts';
export { marketplaceRoutes } from './marketplace.routes.ts';
