// The analytics module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { analyticsRoutes } from './analytics.routes.ts';
export { pageViewJobs, schedulePageViewPruning } from './analytics.jobs.ts';
