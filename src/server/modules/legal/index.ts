// The legal module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { legalRoutes } from './legal.routes.ts';
export { recordRequestAcceptance, termsToAccept } from './legal.service.ts';
