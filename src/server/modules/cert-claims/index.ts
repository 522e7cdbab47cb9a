// The cert-claims module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { provideOpenClaimFinder } from '#server/modules/cards/index.ts';
import { openClaimFinder } from './cert-claims.reads.ts';
import { certClaimsRoutes } from './cert-claims.routes.ts';

export { certClaimsRoutes } from './cert-claims.routes.ts';

export const certClaimsModule = defineModule({
  name: 'cert-claims',
  routes: [certClaimsRoutes],
  listeners: [() => provideOpenClaimFinder(openClaimFinder)],
});
