// The alerts module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { onPricesImported } from '#server/modules/market-index/index.ts';
import { onListingActive } from '#server/modules/marketplace/index.ts';
import { alertsJobs, queueListingEvaluation, queuePriceEvaluation } from './alerts.jobs.ts';
import { alertsRoutes } from './alerts.routes.ts';

export { ALERTS_EVALUATE_JOB, alertsJobs } from './alerts.jobs.ts';
export { alertsRoutes } from './alerts.routes.ts';
export { evaluateListing, evaluatePrices } from './alerts.service.ts';

export const alertsModule = defineModule({
  name: 'alerts',
  routes: [alertsRoutes],
  jobs: alertsJobs,
  listeners: [() => onPricesImported(queuePriceEvaluation), () => onListingActive(queueListingEvaluation)],
});
