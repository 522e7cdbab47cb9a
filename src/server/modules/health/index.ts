// The health module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { healthRoutes } from './health.routes.ts';

export { healthRoutes } from './health.routes.ts';

export const healthModule = defineModule({ name: 'health', routes: [healthRoutes] });
