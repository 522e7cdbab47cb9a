// The hunts module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { huntsRoutes } from './hunts.routes.ts';
import { sourcesRoutes } from './sources.routes.ts';

export { huntsRoutes } from './hunts.routes.ts';
export { sourcesRoutes } from './sources.routes.ts';

export const huntsModule = defineModule({ name: 'hunts', routes: [huntsRoutes, sourcesRoutes] });
