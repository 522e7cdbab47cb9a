// The audit module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { auditRoutes } from './audit.routes.ts';

export { auditRoutes } from './audit.routes.ts';

export const auditModule = defineModule({ name: 'audit', routes: [auditRoutes] });
