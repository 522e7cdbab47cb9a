import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { IMPERSONATION_MAX_SECONDS, SESSION_MAX_AGE_SECONDS } from '#common/auth.ts';
import type { AppContext, AuthUser } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { sessions } from '#server/db/schema/users.ts';
import { SessionCache } from './session-cache.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

/** At most one last_seen_at write per session per minute. */
export const TOUCH_INTERVAL_MS = 60_000;

/**
 * How stale last_seen_at may be. A request that does not write it shortens the real idle window
 * by up to this much, so it stays a small fraction of the window (a tenth, at most a minute).
 */
export function touchIntervalMs(idleMinutes: number) {
  return Math.min(TOUCH_INTERVAL_MS, Math.floor((idleMinutes * 60_000) / 10));
}

/** 32 random bytes (256 bits), base64url: the only copy is the client's. */
export function newSessionToken() {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  userId: string;
  now: Date;
  impersonatorId?: string | null;
  parentSessionId?: string | null;
  /** Defaults to now + 8 h (now + 1 h when impersonating); never later than that. */
  expiresAt?: Date;
  ip?: string | null;
  userAgent?: string | null;
}

/** Opens a session, on the caller's transaction (sign-in, impersonation, return to admin). */
export async function createSession(tx: Db, s: NewSession) {
  const token = newSessionToken();
  const maxSeconds = s.impersonatorId ? IMPERSONATION_MAX_SECONDS : SESSION_MAX_AGE_SECONDS;
  const cap = new Date(s.now.getTime() + maxSeconds * 1000);
  const expiresAt = s.expiresAt && s.expiresAt < cap ? s.expiresAt : cap;
  const [row] = await tx
    .insert(sessions)
    .values({
      tokenHash: hashSessionToken(token),
      userId: s.userId,
      impersonatorId: s.impersonatorId ?? null,
      parentSessionId: s.parentSessionId ?? null,
      createdAt: s.now,
      lastSeenAt: s.now,
      expiresAt,
      ip: s.ip ?? null,
      userAgent: s.userAgent?.slice(0, 512) ?? null,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt });
  return { token, ...row };
}

export interface ResolvedSession {
  user: AuthUser;
  createdAt: Date;
  expiresAt: Date;
}

const impersonators = userDirectory('impersonators');

function selectSessions(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      impersonatorId: sessions.impersonatorId,
      user: { id: users.id, phone: users.phone, name: users.name, isAdmin: users.isAdmin, isManager: users.isManager, status: users.status },
      impersonator: { isAdmin: impersonators.isAdmin, status: impersonators.status },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId));
}

function prepareSessionLookup(db: Db) {
  return selectSessions(db)
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('resolve_session');
}

/**
 * The lookup every authenticated request runs, built once per database handle: building the
 * query each time cost about a sixth of the API's CPU under load (bench/api.ts).
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
function sessionLookup(db: Db) {
  let q = sessionLookups.get(db);
  if (!q) sessionLookups.set(db, (q = prepareSessionLookup(db)));
  return q;
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionLookup>['execute']>>[number];
export type SessionLookupCache = SessionCache<SessionRow>;

/** Sessions looked up in the last 5 s, per instance; the bus invalidates them (decision 015). */
export function createSessionLookupCache(): SessionLookupCache {
  return new SessionCache<SessionRow>(5_000, 10_000);
}

/**
 * The caller behind a token, or null when the session is unknown, revoked, expired (absolute
 * or idle), belongs to a suspended user, or is an impersonation by someone no longer an active admin.
 * With a cache, a recent lookup is reused unless last_seen_at is due a refresh or looks idle
 * (another instance may have refreshed it), which always goes to the database.
 */
export async function resolveSession(
  ctx: { db: Db; sessionCache?: SessionLookupCache },
  input: { token: string; now: Date; idleMinutes: number },
): Promise<ResolvedSession | null> {
  const { db, sessionCache: cache } = ctx;
  const { token, now, idleMinutes } = input;
  if (!token || token.length > 128) return null;
  const tokenHash = hashSessionToken(token);
  const touchMs = touchIntervalMs(idleMinutes);
  const cached = cache?.get(tokenHash, now.getTime());
  if (cached && now.getTime() - cached.lastSeenAt.getTime() < touchMs) return checkSession(cached, now, idleMinutes);

  const epoch = cache?.currentEpoch() ?? 0;
  const [row] = await sessionLookup(db).execute({ tokenHash });
  if (!row) return null;
  const resolved = checkSession(row, now, idleMinutes);
  if (!resolved) return null;

  if (now.getTime() - row.lastSeenAt.getTime() >= touchMs) {
    // Conditional, so concurrent requests write at most once.
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, row.sessionId), lt(sessions.lastSeenAt, new Date(now.getTime() - touchMs + 1))));
    row.lastSeenAt = now;
  }
  const userIds = row.impersonatorId ? [row.user.id, row.impersonatorId] : [row.user.id];
  cache?.set(tokenHash, row, userIds, now.getTime(), epoch);
  return resolved;
}

/**
 * The still-valid sessions among these ids, by id, with their users' current roles, checked as
 * resolveSession checks them but without refreshing last_seen_at: live sockets re-check their
 * sessions with this, and an open socket is not activity. One query per 1,000 ids.
 */
export async function resolveSessionsById(ctx: Pick<AppContext, 'db'>, input: { sessionIds: string[]; now: Date; idleMinutes: number }) {
  const { db } = ctx;
  const { sessionIds, now, idleMinutes } = input;
  const out = new Map<string, ResolvedSession>();
  const ids = [...new Set(sessionIds)];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await selectSessions(db).where(inArray(sessions.id, ids.slice(i, i + 1000)));
    for (const row of rows) {
      const resolved = checkSession(row, now, idleMinutes);
      if (resolved) out.set(row.sessionId, resolved);
    }
  }
  return out;
}

function checkSession(row: SessionRow, now: Date, idleMinutes: number): ResolvedSession | null {
  if (row.revokedAt) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  if (row.lastSeenAt.getTime() + idleMinutes * 60_000 <= now.getTime()) return null;
  if (row.user.status !== 'active') return null;
  if (row.impersonatorId && !(row.impersonator?.isAdmin && row.impersonator.status === 'active')) return null;
  return {
    user: {
      id: row.user.id,
      phone: row.user.phone,
      name: row.user.name,
      isAdmin: row.user.isAdmin,
      isManager: row.user.isManager,
      sessionId: row.sessionId,
      impersonatorId: row.impersonatorId,
    },
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

export async function revokeSession(tx: Db, sessionId: string, now: Date) {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of a user, and every session in which they impersonate someone. */
export async function revokeAllSessionsOf(tx: Db, userId: string, now: Date, { asImpersonatorOnly = false } = {}) {
  const who = asImpersonatorOnly ? eq(sessions.impersonatorId, userId) : or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId));
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(who, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}
