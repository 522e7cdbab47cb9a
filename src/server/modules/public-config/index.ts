// The public-config module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { publicConfigRoutes } from './public-config.routes.ts';

export { publicConfigRoutes } from './public-config.routes.ts';
export { publicConfig, publicConfigForPage } from './public-config.service.ts';

export const publicConfigModule = defineModule({ name: 'public-config', routes: [publicConfigRoutes] });
