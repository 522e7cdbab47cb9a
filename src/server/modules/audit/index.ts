// The audit module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { auditRoutes } from './audit.routes.ts';
