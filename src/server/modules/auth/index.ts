// The auth module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { authRoutes, VERIFY_OTP_PER_IP } from './auth.routes.ts';
export { currentUserForPage } from './me.service.ts';
export { createSessionLookupCache, hashSessionToken, resolveSession, resolveSessionsById, revokeAllSessionsOf, type SessionLookupCache } from './session.service.ts';
