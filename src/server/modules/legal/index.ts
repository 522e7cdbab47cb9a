// The legal module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { legalRoutes } from './legal.routes.ts';

export { legalRoutes } from './legal.routes.ts';
export { recordRequestAcceptance, termsToAccept, termsVersionInForceSql } from './legal.service.ts';

export const legalModule = defineModule({ name: 'legal', routes: [legalRoutes] });
