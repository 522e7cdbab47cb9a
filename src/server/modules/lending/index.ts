// The lending module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { lendingJobs, scheduleLendingUpkeep } from './lending.jobs.ts';
import { onHeldCardRevalued } from '#server/modules/cards/index.ts';
import { onInvoicePaid } from '#server/modules/money/index.ts';
import { lendingRoutes } from './lending.routes.ts';
import { onSettingSaved } from '#server/modules/settings/index.ts';
import { collateralRevalued, loanInvoicePaid } from './lending.service.ts';
import { checkLendingSettings } from './lending.settings.ts';

export { postLoanHistory } from './lending.ledger-history.ts';
export { lendingJobs, scheduleLendingUpkeep } from './lending.jobs.ts';
export { lendingRoutes } from './lending.routes.ts';

export const lendingModule = defineModule({
  name: 'lending',
  routes: [lendingRoutes],
  jobs: lendingJobs,
  schedules: [{ name: 'lending upkeep', start: (ctx) => scheduleLendingUpkeep(ctx) }],
  listeners: [
    () => onInvoicePaid('loan', loanInvoicePaid),
    () => onHeldCardRevalued('loan', collateralRevalued),
    () => onSettingSaved('lending', checkLendingSettings),
  ],
});
