// The admin-dashboard module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { adminDashboardRoutes } from './admin-dashboard.routes.ts';

export { adminDashboardRoutes } from './admin-dashboard.routes.ts';
export { getAdminDashboard } from './admin-dashboard.service.ts';

export const adminDashboardModule = defineModule({ name: 'admin-dashboard', routes: [adminDashboardRoutes] });
