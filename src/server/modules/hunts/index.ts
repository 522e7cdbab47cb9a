// The hunts module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { huntsRoutes } from './hunts.routes.ts';
export { sourcesRoutes } from './sources.routes.ts';
