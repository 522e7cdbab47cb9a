// The notifications module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { notificationsRoutes } from './notifications.routes.ts';
export { notificationsJobs, notify } from './notifications.service.ts';
