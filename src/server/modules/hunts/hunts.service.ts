import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import {
  adminHuntActionTargets,
  budgetBand,
  deadlineIssue,
  huntMessages,
  type AdminHunt,
  type AdminHuntAction,
  type BoardHunt,
  type BoardQuery,
  type CreateHuntValues,
  type HistoryEntry,
  type HuntStatus,
  type MyHunt,
  type PatchHuntValues,
} from '#common/hunts.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { huntBoardViews, huntEvents, hunts, sources } from '#server/db/schema/hunts.ts';
import { AppError, notFound } from '#server/errors.ts';
import { inTransaction, transition } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { approvedSourcesFor, closeOpenSourcesForHunt } from './sources.service.ts';
import { huntAggregate, huntStamp, type HuntRow } from './hunts.aggregate.ts';
import { huntUpdated } from './hunts.events.ts';
import { huntCreated } from './hunts.notifications.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'log'>;
const conflict = (why: string) => new AppError('conflict', why);
const deadlineError = (why: string) => new AppError('bad_request', why, { fieldErrors: { deadline: [why] } });
const iso = (d: Date) => d.toISOString();

async function historyOf(db: Db, ids: string[]) {
  const out = new Map<string, HistoryEntry[]>();
  if (ids.length === 0) return out;
  const rows = await db.select().from(huntEvents).where(inArray(huntEvents.huntId, ids)).orderBy(asc(huntEvents.at));
  for (const r of rows) {
    const list = out.get(r.huntId) ?? [];
    list.push({ from: r.fromStatus, to: r.toStatus, note: r.note, at: iso(r.at) });
    out.set(r.huntId, list);
  }
  return out;
}

function ownFields(h: HuntRow) {
  return {
    id: h.id,
    status: h.status,
    sport: h.sport,
    player: h.player,
    year: h.year,
    set: h.set,
    grader: h.grader,
    minGrade: h.minGrade,
    maxBudgetCents: h.maxBudgetCents,
    deadline: h.deadline,
    notes: h.notes,
    statusNote: h.statusNote,
    createdAt: iso(h.createdAt),
  };
}

// ------------------------------------------------------------------------------------------------
// The board
// ------------------------------------------------------------------------------------------------

/**
 * GET /api/hunts/active: every active hunt, newest first, as anyone may see it: no requester and
 * a budget band instead of the budget. Counts the caller's view for the day (analytics).
 */
export async function board(ctx: Pick<AppContext, 'db' | 'clock'>, actor: SignedInActor, query: BoardQuery): Promise<BoardHunt[]> {
  const me = actor.user.id;
  const day = ctx.clock.now().toISOString().slice(0, 10);
  await ctx.db.insert(huntBoardViews).values({ day, userId: me }).onConflictDoNothing();
  const where: (SQL | undefined)[] = [eq(hunts.status, 'active')];
  if (query.sport) where.push(eq(hunts.sport, query.sport));
  if (query.player) where.push(ilike(hunts.player, `%${query.player.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (query.grade !== undefined) where.push(or(isNull(hunts.minGrade), lte(hunts.minGrade, query.grade)));
  const rows = await ctx.db
    .select()
    .from(hunts)
    .where(and(...where))
    .orderBy(desc(hunts.approvedAt), desc(hunts.id));
  const offered = new Set(
    rows.length === 0
      ? []
      : (
          await ctx.db
            .select({ huntId: sources.huntId })
            .from(sources)
            .where(
              and(
                eq(sources.responderId, me),
                inArray(sources.status, ['pending', 'active']),
                inArray(
                  sources.huntId,
                  rows.map((r) => r.id),
                ),
              ),
            )
        ).map((r) => r.huntId),
  );
  return rows.map((h) => ({
    id: h.id,
    sport: h.sport,
    player: h.player,
    year: h.year,
    set: h.set,
    grader: h.grader,
    minGrade: h.minGrade,
    budgetBand: budgetBand(h.maxBudgetCents),
    deadline: h.deadline,
    notes: h.notes,
    postedAt: iso(h.approvedAt ?? h.createdAt),
    mine: h.requesterId === me,
    offered: offered.has(h.id),
  }));
}

// ------------------------------------------------------------------------------------------------
// The requester
// ------------------------------------------------------------------------------------------------

/** GET /api/user/hunts: the caller's hunts with their history and the offers an admin has approved. */
export async function myHunts(ctx: Pick<AppContext, 'db'>, actor: SignedInActor, input: { id?: string } = {}): Promise<MyHunt[]> {
  const rows = await ctx.db
    .select()
    .from(hunts)
    .where(and(eq(hunts.requesterId, actor.user.id), input.id ? eq(hunts.id, input.id) : undefined))
    .orderBy(desc(hunts.createdAt));
  const ids = rows.map((r) => r.id);
  const [history, approved] = await Promise.all([historyOf(ctx.db, ids), approvedSourcesFor(ctx, { huntIds: ids })]);
  return rows.map((h) => ({
    ...ownFields(h),
    history: history.get(h.id) ?? [],
    sources: approved.filter((s) => s.huntId === h.id).map(({ huntId: _h, ...s }) => s),
  }));
}

async function one(ctx: Pick<AppContext, 'db'>, actor: SignedInActor, id: string) {
  const [h] = await myHunts(ctx, actor, { id });
  if (!h) throw notFound(huntMessages.notFound);
  return h;
}

/** POST /api/hunts: a new hunt, pending an admin's review. */
export async function createHunt(ctx: Ctx, actor: SignedInActor, input: { hunt: CreateHuntValues }): Promise<MyHunt> {
  const now = ctx.clock.now();
  const bad = deadlineIssue(input.hunt.deadline, now);
  if (bad) throw deadlineError(bad);
  const id = await inTransaction(ctx, async (uow) => {
    const [row] = await uow.tx
      .insert(hunts)
      .values({ ...input.hunt, requesterId: actor.user.id, createdAt: now, updatedAt: now })
      .returning();
    await uow.tx.insert(huntEvents).values({ huntId: row!.id, fromStatus: null, toStatus: 'pending', actorId: actor.user.id, at: now });
    await audit(uow.tx, { ...auditBy(actor), action: 'hunt.created', targetType: 'hunt', targetId: row!.id, at: now });
    await huntCreated(uow, row!, now);
    // The admins' queue; the requester's own tab refreshes itself.
    uow.afterCommit(() => huntUpdated(uow.ctx, row!, { toRequester: false }));
    return row!.id;
  });
  return one(ctx, actor, id);
}

/** PATCH /api/hunts/{id}: the requester edits their hunt while it is still pending review. */
export async function patchHunt(ctx: Ctx, actor: SignedInActor, input: { id: string; patch: PatchHuntValues }): Promise<MyHunt> {
  const now = ctx.clock.now();
  const bad = deadlineIssue(input.patch.deadline, now);
  if (bad) throw deadlineError(bad);
  await inTransaction(ctx, async (uow) => {
    const mine = and(eq(hunts.id, input.id), eq(hunts.requesterId, actor.user.id));
    const [row] = await uow.tx.select({ status: hunts.status }).from(hunts).where(mine).limit(1);
    if (!row) throw notFound(huntMessages.notFound);
    if (row.status !== 'pending') throw conflict(huntMessages.editPendingOnly);
    // Still pending at the update: an approval in between wins.
    const [updated] = await uow.tx
      .update(hunts)
      .set({ ...input.patch, updatedAt: now })
      .where(and(mine, eq(hunts.status, 'pending')))
      .returning();
    if (!updated) throw conflict(huntMessages.editPendingOnly);
    await audit(uow.tx, {
      ...auditBy(actor),
      action: 'hunt.edited',
      targetType: 'hunt',
      targetId: input.id,
      data: { fields: Object.keys(input.patch) },
      at: now,
    });
    uow.afterCommit(() => huntUpdated(uow.ctx, updated, { toRequester: false }));
  });
  return one(ctx, actor, input.id);
}

/** POST /api/hunts/{id}/close: the requester closes their hunt at any time before it is final. */
export async function closeHunt(ctx: Ctx, actor: SignedInActor, input: { id: string; note: string | null }): Promise<MyHunt> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [row] = await uow.tx
      .select()
      .from(hunts)
      .where(and(eq(hunts.id, input.id), eq(hunts.requesterId, actor.user.id)))
      .limit(1);
    if (!row) throw notFound(huntMessages.notFound);
    if (row.status === 'fulfilled' || row.status === 'closed') throw conflict(huntMessages.closedAlready(row.status));
    const note = input.note ?? 'Closed by the requester';
    await transition(uow, huntAggregate, {
      id: row.id,
      from: row.status,
      to: 'closed',
      actor,
      now,
      patch: huntStamp('closed', now, note),
      data: { note },
    });
    await closeOpenSourcesForHunt(uow, { huntId: row.id, actor, now, note: 'The hunt was closed' });
  });
  return one(ctx, actor, input.id);
}

// ------------------------------------------------------------------------------------------------
// Admin
// ------------------------------------------------------------------------------------------------

/** GET /api/admin/hunts: every hunt with its requester (admins only), newest first. */
export async function adminHunts(
  ctx: Pick<AppContext, 'db'>,
  _actor: SignedInActor,
  input: { status?: HuntStatus; id?: string },
): Promise<AdminHunt[]> {
  const rows = await ctx.db
    .select({ hunt: hunts, requester: { id: users.id, name: users.name, phone: users.phone } })
    .from(hunts)
    .innerJoin(users, eq(users.id, hunts.requesterId))
    .where(and(input.status ? eq(hunts.status, input.status) : undefined, input.id ? eq(hunts.id, input.id) : undefined))
    .orderBy(desc(hunts.createdAt));
  const ids = rows.map((r) => r.hunt.id);
  const history = await historyOf(ctx.db, ids);
  const counts =
    ids.length === 0
      ? []
      : await ctx.db.select({ huntId: sources.huntId, n: count() }).from(sources).where(inArray(sources.huntId, ids)).groupBy(sources.huntId);
  const countOf = new Map(counts.map((c) => [c.huntId, c.n]));
  return rows.map((r) => ({
    ...ownFields(r.hunt),
    history: history.get(r.hunt.id) ?? [],
    requester: r.requester,
    sourceCount: countOf.get(r.hunt.id) ?? 0,
  }));
}

/** PATCH /api/admin/hunts/{id}: approve, decline, fulfil or close, with a note. */
export async function adminPatchHunt(
  ctx: Ctx,
  actor: SignedInActor,
  input: { id: string; action: AdminHuntAction; note: string | null },
): Promise<AdminHunt> {
  const now = ctx.clock.now();
  const { action, note } = input;
  const target = adminHuntActionTargets[action];
  await inTransaction(ctx, async (uow) => {
    const [row] = await uow.tx.select().from(hunts).where(eq(hunts.id, input.id)).limit(1);
    if (!row) throw notFound(huntMessages.notFound);
    if (!target.from.includes(row.status)) throw conflict(huntMessages.actionNotAllowed(action, row.status));
    await transition(uow, huntAggregate, {
      id: row.id,
      from: row.status,
      to: target.to,
      actor,
      now,
      patch: huntStamp(target.to, now, note),
      data: { note, action },
    });
    if (target.to !== 'active')
      await closeOpenSourcesForHunt(uow, {
        huntId: row.id,
        actor,
        now,
        note: target.to === 'fulfilled' ? 'The hunt was fulfilled' : 'The hunt was closed',
      });
  });
  return (await adminHunts(ctx, actor, { id: input.id }))[0]!;
}
