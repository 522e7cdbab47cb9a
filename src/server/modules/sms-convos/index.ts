// The sms-convos module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { smsConvosRoutes } from './sms-convos.routes.ts';
export { isOptedOut } from './sms-convos.service.ts';
