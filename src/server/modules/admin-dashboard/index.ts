// The admin-dashboard module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { adminDashboardRoutes } from './admin-dashboard.routes.ts';
export { getAdminDashboard } from './admin-dashboard.service.ts';
