// The cert-claims module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { certClaimsRoutes } from './cert-claims.routes.ts';
