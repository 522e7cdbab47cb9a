// The notifications module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { notificationsJobs } from './notifications.service.ts';

export { notificationsRoutes } from './notifications.routes.ts';
export { notificationsJobs, notify } from './notifications.service.ts';

export const notificationsModule = defineModule({ name: 'notifications', routes: [notificationsRoutes], jobs: notificationsJobs });
