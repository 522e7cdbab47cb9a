// The market-index module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { marketIndexRoutes } from './market-index.routes.ts';
import { onSettingSaved } from '#server/modules/settings/index.ts';
import { marketIndexJobs, recomputeOnSettingsSaved, scheduleDailyRecompute } from './market-index.service.ts';
export { constituentDirectory, indexLevelsUpTo, indexPricesOn, matchingConstituent } from './market-index.reads.ts';

export { marketIndexRoutes } from './market-index.routes.ts';
export { onPricesImported, type PricesImportedListener } from './market-index.hooks.ts';
export {
  collectionVsMarket,
  constituentExists,
  marketIndexJobs,
  marketValuesFor,
  recomputeIndex,
  scheduleDailyRecompute,
} from './market-index.service.ts';

export const marketIndexModule = defineModule({
  name: 'market-index',
  routes: [marketIndexRoutes],
  jobs: marketIndexJobs,
  schedules: [{ name: 'daily index recompute', start: (ctx) => scheduleDailyRecompute(ctx) }],
  listeners: [() => onSettingSaved('index', recomputeOnSettingsSaved)],
});
