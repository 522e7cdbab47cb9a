import { and, count, desc, eq, gte, isNotNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditFacets, type AuditList, type AuditScope } from '#common/audit.ts';
import { auditLog } from '#server/db/schema/users.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const staff = userDirectory('s');

/** A LIKE pattern that matches the text literally. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Ends of a UTC day range: from its first moment to the next day's first. */
const dayStart = (d: string) => new Date(`${d}T00:00:00Z`);
const nextDay = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);

function auditConditions(opts: AuditListOptions): SQL | undefined {
  const where: SQL[] = [];
  if (opts.action) {
    where.push(opts.action.endsWith('.') ? like(auditLog.action, `${escapeLike(opts.action)}%`) : eq(auditLog.action, opts.action));
  }
  if (opts.userId) {
    where.push(
      or(
        eq(auditLog.actorId, opts.userId),
        eq(auditLog.impersonatorId, opts.userId),
        and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, opts.userId)),
      )!,
    );
  }
  if (opts.actorId) where.push(or(eq(auditLog.actorId, opts.actorId), eq(auditLog.impersonatorId, opts.actorId))!);
  if (opts.targetType) where.push(eq(auditLog.targetType, opts.targetType));
  if (opts.targetId) where.push(eq(auditLog.targetId, opts.targetId));
  if (opts.from) where.push(gte(auditLog.createdAt, dayStart(opts.from)));
  if (opts.to) where.push(lt(auditLog.createdAt, nextDay(opts.to)));
  if (opts.scope === 'impersonated') where.push(isNotNull(auditLog.impersonatorId));
  if (opts.scope === 'staff') {
    where.push(
      or(
        isNotNull(auditLog.impersonatorId),
        sql`exists (select 1 from ${staff} where ${staff.id} = ${auditLog.actorId} and (${staff.isAdmin} or ${staff.isManager}))`,
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

export interface AuditListOptions {
  page: number;
  pageSize?: number;
  action?: string;
  userId?: string;
  actorId?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  scope?: AuditScope;
}

const actors = userDirectory('audit_actor');
const impersonators = userDirectory('audit_impersonator');
const personCols = (t: typeof actors | typeof impersonators) => ({
  id: t.id,
  name: t.name,
  phone: t.phone,
  isAdmin: t.isAdmin,
  isManager: t.isManager,
});

type MaybePerson = { id: string | null; name: string | null; phone: string | null; isAdmin: boolean | null; isManager: boolean | null } | null;
/** A left-joined user: null when there was none (the system, or a deleted account). */
const asPerson = (p: MaybePerson) =>
  p?.id ? { id: p.id, name: p.name, phone: p.phone ?? '', isAdmin: p.isAdmin ?? false, isManager: p.isManager ?? false } : null;

/** GET /api/admin/audit: newest first, filtered by actor, target, action and date; with who acted. */
export async function listAudit(ctx: Pick<AppContext, 'db'>, _actor: SignedInActor, opts: AuditListOptions): Promise<AuditList> {
  const { db } = ctx;
  const pageSize = opts.pageSize ?? AUDIT_PAGE_SIZE;
  const cond = auditConditions(opts);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ row: auditLog, actor: personCols(actors), impersonator: personCols(impersonators) })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .leftJoin(impersonators, eq(impersonators.id, auditLog.impersonatorId))
      .where(cond)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((opts.page - 1) * pageSize),
    db.select({ total: count() }).from(auditLog).where(cond),
  ]);
  return {
    entries: rows.map(({ row, actor, impersonator }) => ({
      ...row,
      data: row.data ?? null,
      createdAt: row.createdAt.toISOString(),
      actor: asPerson(actor),
      impersonator: asPerson(impersonator),
    })),
    page: opts.page,
    pageSize,
    total: Number(total),
  };
}

/** GET /api/admin/audit/facets */
export async function auditFacets(ctx: Pick<AppContext, 'db'>, _actor: SignedInActor): Promise<AuditFacets> {
  const [actions, targets] = await Promise.all([
    ctx.db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action),
    ctx.db.selectDistinct({ v: auditLog.targetType }).from(auditLog).where(isNotNull(auditLog.targetType)).orderBy(auditLog.targetType),
  ]);
  return { actions: actions.map((a) => a.v), targetTypes: targets.map((t) => t.v!) };
}
