// The analytics module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { pageViewJobs, schedulePageViewPruning } from './analytics.jobs.ts';
import { analyticsRoutes } from './analytics.routes.ts';

export { analyticsRoutes } from './analytics.routes.ts';
export { pageViewJobs, schedulePageViewPruning } from './analytics.jobs.ts';

export const analyticsModule = defineModule({
  name: 'analytics',
  routes: [analyticsRoutes],
  jobs: pageViewJobs,
  schedules: [{ name: 'page view pruning', start: (ctx) => schedulePageViewPruning(ctx) }],
});
