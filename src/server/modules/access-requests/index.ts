// The access-requests module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { provideRequesterDirectory } from '#server/modules/sms-convos/index.ts';
import { accessRequesterDirectory } from './access-requests.requesters.ts';
import { accessRequestsRoutes } from './access-requests.routes.ts';

export { accessRequestsRoutes } from './access-requests.routes.ts';
export { carrySmsOptInToRequest, latestApprovedRequest, recentAccessRequests } from './access-requests.service.ts';

export const accessRequestsModule = defineModule({
  name: 'access-requests',
  routes: [accessRequestsRoutes],
  listeners: [() => provideRequesterDirectory(accessRequesterDirectory)],
});
