// The webhooks module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { webhooksRoutes } from './webhooks.routes.ts';

export { twilioSignature } from './twilio-signature.ts';
export { webhooksRoutes } from './webhooks.routes.ts';

export const webhooksModule = defineModule({ name: 'webhooks', routes: [webhooksRoutes] });
