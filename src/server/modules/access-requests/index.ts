// The access-requests module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { accessRequestsRoutes } from './access-requests.routes.ts';
export { latestApprovedRequest, recentAccessRequests } from './access-requests.service.ts';
