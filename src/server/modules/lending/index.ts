// The lending module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { lendingJobs, scheduleLendingUpkeep } from './lending.jobs.ts';
export { lendingRoutes } from './lending.routes.ts';
