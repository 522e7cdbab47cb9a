// The manager module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { managerRoutes } from './manager.routes.ts';

export { managerRoutes } from './manager.routes.ts';
export { RESEND_COOLDOWN_SECONDS } from './manager.service.ts';

export const managerModule = defineModule({ name: 'manager', routes: [managerRoutes] });
