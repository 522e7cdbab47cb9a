// The webhooks module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { twilioSignature } from './twilio-signature.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
