// The auth module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { authRoutes } from './auth.routes.ts';

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

export const authModule = defineModule({ name: 'auth', routes: [authRoutes] });
