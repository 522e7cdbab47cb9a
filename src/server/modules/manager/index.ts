// The manager module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { managerRoutes } from './manager.routes.ts';
export { RESEND_COOLDOWN_SECONDS } from './manager.service.ts';
