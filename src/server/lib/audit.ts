import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/users.ts';
import type { Actor } from '#server/context.ts';

// The audit writer sits below the modules: transition() and every module write audit rows in
// their own transaction; the audit module only lists them.

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

/**
 * Appends one row to audit_log, on the caller's transaction so the row stands or falls with the
 * change it records. Never put codes, tokens or message bodies in `data`.
 */
export async function audit(tx: Db, entry: AuditEntry) {
  await tx.insert(auditLog).values({
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

/** The who-and-where fields of an audit row for a request's actor. */
export function auditBy(actor: Actor): Pick<AuditEntry, 'actorId' | 'impersonatorId' | 'ip'> {
  return { actorId: actor.user?.id ?? null, impersonatorId: actor.impersonatorId, ip: actor.ip };
}

/**
 * The head of an audit_log insert for one statement that writes its audit rows itself (the
 * access request's timing-safe statement): follow it with a select of
 * (actor_id, action, target_type, target_id, data, ip, created_at).
 */
export function auditInsertInto(): SQL {
  return sql`insert into ${auditLog} (actor_id, action, target_type, target_id, data, ip, created_at)`;
}
