// The public-config module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { publicConfigRoutes } from './public-config.routes.ts';
