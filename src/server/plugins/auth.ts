import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// The request's `cookies` come from @fastify/cookie's type augmentation; load it wherever this file is compiled.
import type {} from '@fastify/cookie';
import fp from 'fastify-plugin';
import { AUTH_TOKEN_HEADER, messages, SESSION_COOKIE, USER_ID_HEADER } from '#common/auth.ts';
import type { Config } from '#server/config.ts';
import type { SignedInActor } from '#server/context.ts';
import { forbidden, unauthorized } from '#server/errors.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import type { resolveSession } from '#server/modules/auth/index.ts';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** These end the impersonation and audit that themselves. */
const SELF_AUDITED = new Set(['/api/auth/logout', '/api/auth/return-to-admin']);

export function sessionCookieOptions(config: Config, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: config.NODE_ENV === 'production',
    maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
  };
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date, now: Date) {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config, (expiresAt.getTime() - now.getTime()) / 1000));
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, { ...sessionCookieOptions(config, 0), maxAge: undefined });
}

/** The token a request carries: the X-Auth-Token header first, the session cookie second. */
export function requestToken(req: FastifyRequest): string | undefined {
  const header = req.headers[AUTH_TOKEN_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  return req.cookies?.[SESSION_COOKIE] || undefined;
}

/** Throws unless there is a signed-in user; the guards a service or route can call by name. */
export function requireUser(req: FastifyRequest) {
  if (!req.user) throw unauthorized();
  return req.user;
}
export function requireManager(req: FastifyRequest) {
  const user = requireUser(req);
  if (!user.isManager && !user.isAdmin) throw forbidden();
  return user;
}
export function requireAdmin(req: FastifyRequest) {
  const user = requireUser(req);
  if (!user.isAdmin) throw forbidden();
  return user;
}

/** The request's actor once a guard above has passed (its `user` is then set). */
export function signedInActor(req: FastifyRequest): SignedInActor {
  return { ...req.actor, user: requireUser(req) };
}

/**
 * The auth module's session lookup, handed in by app.ts: every routes file imports this plugin's
 * helpers, so importing the auth module here would loop back into the modules at load time.
 */
export interface AuthPluginOptions {
  resolveSession: typeof resolveSession;
}

/**
 * Sessions for the whole app: derives req.user from the session token (never from a client-sent
 * id), then enforces each route's declared access. While impersonating, the caller has the
 * target's roles and is read-only: a write is refused (403) unless its route declares a support
 * exception (config.impersonation), and every such write that succeeds is audited with both ids.
 */
async function authPlugin(app: FastifyInstance, opts: AuthPluginOptions) {
  const { resolveSession } = opts;
  app.addHook('onRequest', async (req) => {
    req.user = null;
    req.actor = { user: null, impersonatorId: null, ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null };
    const access = req.routeOptions.config?.access;
    const path = req.url.split('?')[0];
    if (!access && !path.startsWith('/api/') && path !== '/ws') return;

    const token = requestToken(req);
    if (token) {
      const { db, clock, config } = app.ctx;
      const session = await resolveSession(
        { db, sessionCache: app.ctx.sessionCache },
        { token, now: clock.now(), idleMinutes: config.SESSION_IDLE_MINUTES },
      );
      if (session) {
        const claimed = req.headers[USER_ID_HEADER];
        if (claimed !== undefined && claimed !== session.user.id) throw unauthorized('Session does not match user');
        req.user = session.user;
      }
    }

    const user = req.user;
    req.actor = { ...req.actor, user, impersonatorId: user?.impersonatorId ?? null };
    switch (access) {
      case 'user':
        requireUser(req);
        break;
      case 'manager':
        requireManager(req);
        break;
      case 'admin':
        requireAdmin(req);
        break;
    }
    // Impersonation is read-only: a write goes through only on a route that declares a support exception.
    if (user?.impersonatorId && !READ_METHODS.has(req.method) && !req.routeOptions.config?.impersonation) {
      throw forbidden(messages.impersonationReadOnly);
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const user = req.user;
    if (!user?.impersonatorId || READ_METHODS.has(req.method) || reply.statusCode >= 400) return payload;
    const route = req.routeOptions.url ?? req.url.split('?')[0];
    if (SELF_AUDITED.has(route)) return payload;
    await audit(app.ctx.db, {
      ...auditBy(req.actor),
      action: 'impersonation.write',
      targetType: 'route',
      targetId: `${req.method} ${route}`,
      data: { statusCode: reply.statusCode },
      at: app.ctx.clock.now(),
    });
    return payload;
  });
}

export const auth = fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });
