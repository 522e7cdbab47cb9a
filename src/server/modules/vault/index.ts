// The vault module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { onInvoicePaid } from '#server/modules/money/index.ts';
import { vaultRoutes } from './vault.routes.ts';
import { outtakeInvoicePaid } from './vault.service.ts';

export { vaultRoutes } from './vault.routes.ts';
export { cancelIntake, createIntake, createOuttake, deliverOuttake, receiveIntakeCard, shipOuttake } from './vault.service.ts';

export const vaultModule = defineModule({
  name: 'vault',
  routes: [vaultRoutes],
  listeners: [() => onInvoicePaid('vault_outtake', outtakeInvoicePaid)],
});
