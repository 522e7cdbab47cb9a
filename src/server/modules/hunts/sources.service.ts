import { and, asc, desc, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import {
  budgetBand,
  huntMessages,
  sourceTransitions,
  type AdminSource,
  type CreateSourceValues,
  type MySource,
  type SourceStatus,
} from '#common/hunts.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { hunts, sourceEvents, sources } from '#server/db/schema/hunts.ts';
import { AppError, notFound } from '#server/errors.ts';
import { inTransaction, transition, type TransitionActor, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { huntAggregate, huntStamp } from './hunts.aggregate.ts';
import { sourceAggregate, sourceStamp, type SourceRow } from './sources.aggregate.ts';
import { sourceUpdated } from './sources.events.ts';
import { sourceCreated } from './sources.notifications.ts';
import { cardDirectory, cardRef } from '#server/modules/cards/index.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

type Ctx = Pick<AppContext, 'db' | 'live' | 'clock' | 'log'>;
const conflict = (why: string) => new AppError('conflict', why);
const openStatuses: SourceStatus[] = ['pending', 'active'];

// ------------------------------------------------------------------------------------------------
// Shaping
// ------------------------------------------------------------------------------------------------

const requesters = userDirectory('requesters');
const responders = userDirectory('responders');

const cardRefColumns = { id: cards.id, subject: cards.subject, year: cards.year, brand: cards.brand, grader: cards.grader, grade: cards.grade };
const huntSummaryColumns = {
  id: hunts.id,
  status: hunts.status,
  sport: hunts.sport,
  player: hunts.player,
  year: hunts.year,
  set: hunts.set,
  grader: hunts.grader,
  minGrade: hunts.minGrade,
  maxBudgetCents: hunts.maxBudgetCents,
  deadline: hunts.deadline,
  notes: hunts.notes,
  approvedAt: hunts.approvedAt,
  createdAt: hunts.createdAt,
};

function sourceQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      source: sources,
      hunt: huntSummaryColumns,
      card: cardRefColumns,
      responder: { id: responders.id, name: responders.name, phone: responders.phone },
      requester: { id: requesters.id, name: requesters.name, phone: requesters.phone },
    })
    .from(sources)
    .innerJoin(hunts, eq(hunts.id, sources.huntId))
    .innerJoin(responders, eq(responders.id, sources.responderId))
    .innerJoin(requesters, eq(requesters.id, hunts.requesterId))
    .leftJoin(cards, eq(cards.id, sources.cardId))
    .where(where)
    .orderBy(desc(sources.createdAt));
}
type SourceJoined = Awaited<ReturnType<typeof sourceQuery>>[number];

async function historyOf(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, MySource['history']>();
  const rows = await db.select().from(sourceEvents).where(inArray(sourceEvents.sourceId, ids)).orderBy(asc(sourceEvents.at));
  const out = new Map<string, MySource['history']>();
  for (const r of rows) {
    const list = out.get(r.sourceId) ?? [];
    list.push({ from: r.fromStatus, to: r.toStatus, note: r.note, at: r.at.toISOString() });
    out.set(r.sourceId, list);
  }
  return out;
}

/** The hunt as a responder sees it: no requester, a budget band. */
function huntSummary(h: SourceJoined['hunt']) {
  return {
    id: h.id,
    status: h.status,
    sport: h.sport,
    player: h.player,
    year: h.year,
    set: h.set,
    grader: h.grader,
    minGrade: h.minGrade,
    budgetBand: budgetBand(h.maxBudgetCents),
    deadline: h.deadline,
    notes: h.notes,
    postedAt: (h.approvedAt ?? h.createdAt).toISOString(),
  };
}

function toMySource(r: SourceJoined, history: MySource['history']): MySource {
  const s = r.source;
  return {
    id: s.id,
    status: s.status,
    hunt: huntSummary(r.hunt),
    card: r.card,
    description: s.description,
    askingPriceCents: s.askingPriceCents,
    note: s.note,
    statusNote: s.statusNote,
    createdAt: s.createdAt.toISOString(),
    history,
  };
}

// ------------------------------------------------------------------------------------------------
// Member
// ------------------------------------------------------------------------------------------------

/** POST /api/hunts/{id}/sources: answer an active hunt that is not the caller's, with a card they hold. */
export async function createSource(ctx: Ctx, actor: SignedInActor, input: { huntId: string; source: CreateSourceValues }): Promise<MySource> {
  const now = ctx.clock.now();
  const { source: v } = input;
  const id = await inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const [hunt] = await tx.select().from(hunts).where(eq(hunts.id, input.huntId)).limit(1);
    // Someone else's hunt that never reached the board does not exist for this member.
    if (!hunt || (hunt.requesterId !== actor.user.id && !hunt.approvedAt)) throw notFound(huntMessages.notFound);
    if (hunt.requesterId === actor.user.id) throw conflict(huntMessages.ownHunt);
    if (hunt.status !== 'active') throw conflict(huntMessages.huntNotActive);
    if (v.cardId) {
      const card = await cardRef({ db: tx }, { id: v.cardId });
      if (!card || card.ownerId !== actor.user.id || card.deletedAt) throw conflict(huntMessages.cardNotOwned);
      // Pledges arrive with lending; custody is what can be checked today.
      if (card.custody === 'in_transit') throw conflict(huntMessages.cardInTransit);
    }
    const [open] = await tx
      .select({ id: sources.id })
      .from(sources)
      .where(and(eq(sources.huntId, hunt.id), eq(sources.responderId, actor.user.id), inArray(sources.status, openStatuses)))
      .limit(1);
    if (open) throw conflict(huntMessages.duplicateOffer);
    const [row] = await tx
      .insert(sources)
      .values({
        huntId: hunt.id,
        responderId: actor.user.id,
        cardId: v.cardId,
        description: v.cardId ? null : v.description,
        askingPriceCents: v.askingPriceCents,
        note: v.note,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(sourceEvents).values({ sourceId: row!.id, fromStatus: null, toStatus: 'pending', actorId: actor.user.id, at: now });
    await audit(tx, {
      ...auditBy(actor),
      action: 'source.created',
      targetType: 'source',
      targetId: row!.id,
      data: { huntId: hunt.id, cardId: v.cardId },
      at: now,
    });
    await sourceCreated(uow, row!, now);
    uow.afterCommit(() => sourceUpdated(uow.ctx, row!));
    return row!.id;
  });
  return (await mySources(ctx, actor, { id }))[0]!;
}

/** GET /api/user/sources: the caller's offers with their hunts (no requester) and status history. */
export async function mySources(ctx: Pick<AppContext, 'db'>, actor: SignedInActor, input: { id?: string } = {}): Promise<MySource[]> {
  const rows = await sourceQuery(ctx.db, and(eq(sources.responderId, actor.user.id), input.id ? eq(sources.id, input.id) : undefined));
  const history = await historyOf(
    ctx.db,
    rows.map((r) => r.source.id),
  );
  return rows.map((r) => toMySource(r, history.get(r.source.id) ?? []));
}

/** GET /api/sources/active: open offers the caller made (withdraw) and approved offers on the caller's hunts. */
export async function activeSources(ctx: Pick<AppContext, 'db'>, actor: SignedInActor) {
  const me = actor.user.id;
  const rows = await sourceQuery(
    ctx.db,
    or(
      and(eq(sources.responderId, me), inArray(sources.status, openStatuses)),
      and(eq(hunts.requesterId, me), eq(sources.status, 'active'), isNotNull(sources.approvedAt)),
    ),
  );
  return rows.map((r) => ({
    id: r.source.id,
    role: r.source.responderId === me ? ('responder' as const) : ('requester' as const),
    status: r.source.status,
    huntId: r.hunt.id,
    player: r.hunt.player,
    year: r.hunt.year,
    askingPriceCents: r.source.askingPriceCents,
    card: r.card,
    description: r.source.description,
  }));
}

/** The approved offers on some hunts, as their requester sees them (responder's name, never before approval). */
export async function approvedSourcesFor(ctx: Pick<AppContext, 'db'>, input: { huntIds: string[] }) {
  if (input.huntIds.length === 0) return [];
  const rows = await sourceQuery(ctx.db, and(inArray(sources.huntId, input.huntIds), isNotNull(sources.approvedAt)));
  return rows.map((r) => ({
    huntId: r.hunt.id,
    id: r.source.id,
    status: r.source.status,
    responder: { id: r.responder.id, name: r.responder.name },
    card: r.card,
    description: r.source.description,
    askingPriceCents: r.source.askingPriceCents,
    approvedAt: r.source.approvedAt!.toISOString(),
  }));
}

/** POST /api/sources/{id}/withdraw: the responder closes their own open offer. */
export async function withdrawSource(ctx: Ctx, actor: SignedInActor, input: { id: string }): Promise<MySource> {
  const now = ctx.clock.now();
  await inTransaction(ctx, async (uow) => {
    const [row] = await uow.tx
      .select()
      .from(sources)
      .where(and(eq(sources.id, input.id), eq(sources.responderId, actor.user.id)))
      .limit(1);
    if (!row) throw notFound(huntMessages.sourceNotFound);
    if (!sourceTransitions[row.status].includes('closed')) throw conflict(`This offer is already ${row.status}`);
    await transition(uow, sourceAggregate, {
      id: row.id,
      from: row.status,
      to: 'closed',
      actor,
      now,
      patch: sourceStamp('closed', now, 'Withdrawn by the member'),
      data: { note: 'Withdrawn by the member' },
    });
  });
  return (await mySources(ctx, actor, { id: input.id }))[0]!;
}

/** Inside the caller's transaction: closes a hunt's open offers (the hunt was closed or fulfilled). */
export async function closeOpenSourcesForHunt(
  uow: UnitOfWork,
  input: { huntId: string; except?: string; actor: TransitionActor; now: Date; note: string },
) {
  const open = await uow.tx
    .select({ id: sources.id, status: sources.status })
    .from(sources)
    .where(and(eq(sources.huntId, input.huntId), inArray(sources.status, openStatuses)));
  for (const s of open) {
    if (s.id === input.except) continue;
    await transition(uow, sourceAggregate, {
      id: s.id,
      from: s.status,
      to: 'closed',
      actor: input.actor,
      now: input.now,
      patch: sourceStamp('closed', input.now, input.note),
      data: { note: input.note },
    });
  }
}

// ------------------------------------------------------------------------------------------------
// Admin
// ------------------------------------------------------------------------------------------------

/** GET /api/admin/sources: every offer with both parties (admins only). */
export async function adminSources(
  ctx: Pick<AppContext, 'db'>,
  _actor: SignedInActor,
  input: { status?: SourceStatus; id?: string },
): Promise<AdminSource[]> {
  const rows = await sourceQuery(
    ctx.db,
    and(input.status ? eq(sources.status, input.status) : undefined, input.id ? eq(sources.id, input.id) : undefined),
  );
  const history = await historyOf(
    ctx.db,
    rows.map((r) => r.source.id),
  );
  return rows.map((r) => ({
    ...toMySource(r, history.get(r.source.id) ?? []),
    hunt: { ...huntSummary(r.hunt), maxBudgetCents: r.hunt.maxBudgetCents },
    responder: r.responder,
    requester: r.requester,
  }));
}

/**
 * PATCH /api/admin/sources/{id}: approve (→ active, the hunt must still be open), fulfil (the hunt
 * is fulfilled too, and its other offers closed) or close, with a note.
 */
export async function adminPatchSource(
  ctx: Ctx,
  actor: SignedInActor,
  input: { id: string; status: Exclude<SourceStatus, 'pending'>; note: string | null },
): Promise<AdminSource> {
  const now = ctx.clock.now();
  const { status: to, note } = input;
  await inTransaction(ctx, async (uow) => {
    const [row] = await uow.tx.select().from(sources).where(eq(sources.id, input.id)).limit(1);
    if (!row) throw notFound(huntMessages.sourceNotFound);
    if (!sourceTransitions[row.status].includes(to)) throw conflict(`A ${row.status} offer cannot become ${to}`);
    const [hunt] = await uow.tx.select().from(hunts).where(eq(hunts.id, row.huntId)).limit(1);
    if (to !== 'closed' && hunt!.status !== 'active') throw conflict(huntMessages.huntNotActive);
    const moved: SourceRow = await transition(uow, sourceAggregate, {
      id: row.id,
      from: row.status,
      to,
      actor,
      now,
      patch: sourceStamp(to, now, note),
      data: { note },
    });
    if (to === 'fulfilled') {
      const huntNote = note ?? 'Fulfilled through an offer';
      await transition(uow, huntAggregate, {
        id: hunt!.id,
        from: 'active',
        to: 'fulfilled',
        actor,
        now,
        patch: huntStamp('fulfilled', now, huntNote),
        data: { note: huntNote, sourceId: moved.id },
      });
      await closeOpenSourcesForHunt(uow, { huntId: hunt!.id, except: moved.id, actor, now, note: 'The hunt was fulfilled by another offer' });
    }
  });
  return (await adminSources(ctx, actor, { id: input.id }))[0]!;
}
