// The funds module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { onHeldCardRevalued } from '#server/modules/cards/index.ts';
import { fundsRoutes } from './funds.routes.ts';
import { fundCardRevalued } from './funds.service.ts';

export { type ClientDirectory, provideClientDirectory } from './funds.hooks.ts';
export { postFundDeals } from './funds.ledger-history.ts';
export { fundAllocationFor, saveFundAllocation, subscribeFromDeposit } from './funds.onboarding.ts';
export { fundsRoutes } from './funds.routes.ts';
export { applyAddHolding, applyMark, createFund, disposeHolding, recordTransaction, requestSubscription } from './funds.service.ts';
export { runValuation } from './funds.valuation.ts';

export const fundsModule = defineModule({ name: 'funds', routes: [fundsRoutes], listeners: [() => onHeldCardRevalued('fund', fundCardRevalued)] });
