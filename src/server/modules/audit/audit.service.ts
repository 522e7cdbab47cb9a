import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/users.ts';
import type { Actor, AuthUser } from '../../context.ts';

export interface AuditEntry {
  /** Whose identity was in use (while impersonating: the impersonated user). */
  actorId: string | null;
  /** The admin acting as actorId, when impersonating. */
  impersonatorId?: string | null;
  /** Dotted verb, e.g. `auth.sign_in`, `user.suspended`, `impersonation.start`. */
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  data?: Record<string, unknown> | null;
  ip?: string | null;
  /** When it happened (pass ctx.clock.now()); the database time otherwise. */
  at?: Date;
}

/** Appends one row to audit_log. Never put codes, tokens or message bodies in `data`. */
export async function audit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    impersonatorId: entry.impersonatorId ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    data: entry.data ?? null,
    ip: entry.ip ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

/** The actor fields for a signed-in caller: both ids while impersonating. */
export function actorOf(user: AuthUser | null): Pick<AuditEntry, 'actorId' | 'impersonatorId'> {
  return { actorId: user?.id ?? null, impersonatorId: user?.impersonatorId ?? null };
}

/** The who-and-where fields of an audit row for a request's actor. */
export function auditBy(actor: Actor): Pick<AuditEntry, 'actorId' | 'impersonatorId' | 'ip'> {
  return { actorId: actor.user?.id ?? null, impersonatorId: actor.impersonatorId, ip: actor.ip };
}

export const AUDIT_PAGE_SIZE = 50;

export async function listAudit(db: Db, opts: { page: number; action?: string; userId?: string }) {
  const where: SQL[] = [];
  if (opts.action) where.push(eq(auditLog.action, opts.action));
  if (opts.userId) {
    where.push(or(eq(auditLog.actorId, opts.userId), eq(auditLog.impersonatorId, opts.userId), and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, opts.userId)))!);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(cond)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((opts.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).where(cond),
  ]);
  return {
    entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    page: opts.page,
    pageSize: AUDIT_PAGE_SIZE,
    total: Number(total),
  };
}
