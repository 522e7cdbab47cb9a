// The auth module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { provideSessionRevoker } from '#server/modules/users/index.ts';
import { authRoutes } from './auth.routes.ts';
import { revokeAllSessionsOf } from './session.service.ts';

export { authRoutes, VERIFY_OTP_PER_IP } from './auth.routes.ts';
export { currentUserForPage } from './me.service.ts';
export {
  createSessionLookupCache,
  hashSessionToken,
  resolveSession,
  resolveSessionsById,
  revokeAllSessionsOf,
  type SessionLookupCache,
} from './session.service.ts';

export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes],
  // users ends a suspended member's sessions through this (users sits below auth).
  listeners: [() => provideSessionRevoker(revokeAllSessionsOf)],
});
