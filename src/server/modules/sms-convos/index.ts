// The sms-convos module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { smsConvosRoutes } from './sms-convos.routes.ts';

export { smsConvosRoutes } from './sms-convos.routes.ts';
export { provideRequesterDirectory, type RequesterDirectory } from './sms-convos.hooks.ts';
export { isOptedOut } from './sms-convos.service.ts';
export { applyDeliveryStatus, type DeliveryStatus, storeInboundSms } from './sms-delivery.service.ts';

export const smsConvosModule = defineModule({ name: 'sms-convos', routes: [smsConvosRoutes] });
