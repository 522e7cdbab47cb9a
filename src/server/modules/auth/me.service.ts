import type { MeResponse } from '#common/auth.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { termsToAccept } from '#server/modules/legal/index.ts';
import { getSetting } from '#server/modules/settings/index.ts';
import { resolveSession } from './session.service.ts';

/** GET /api/auth/me's answer: the signed-in user, any Terms version they must accept, the feature switches. */
export async function currentUser(ctx: Pick<AppContext, 'db' | 'clock' | 'settingsCache'>, actor: SignedInActor): Promise<MeResponse> {
  const { user } = actor;
  const [termsVersion, features] = await Promise.all([termsToAccept(ctx, actor), getSetting(ctx, 'features')]);
  return {
    id: user.id,
    name: user.name,
    phone: user.phone,
    isImpersonated: user.impersonatorId !== null,
    isAuthenticated: true as const,
    isAdmin: user.isAdmin,
    isManager: user.isManager,
    termsToAccept: termsVersion,
    features,
  };
}

/**
 * The same answer for the session behind a page request's cookie, or null when it is not a live
 * session (unknown, revoked, expired, idle, suspended): the page then asks /api/auth/me as before.
 * Opening a page is activity, so this refreshes the session's last-seen time like an API call.
 */
export async function currentUserForPage(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config' | 'sessionCache' | 'settingsCache'>,
  request: { token: string; ip: string | null; userAgent: string | null },
): Promise<MeResponse | null> {
  const session = await resolveSession(ctx, { token: request.token, now: ctx.clock.now(), idleMinutes: ctx.config.SESSION_IDLE_MINUTES });
  if (!session) return null;
  return currentUser(ctx, { user: session.user, impersonatorId: session.user.impersonatorId, ip: request.ip, userAgent: request.userAgent });
}
