import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TransitionMap } from '#common/transitions.ts';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/lib/audit.ts';

/**
 * A transaction plus the work to do once it has committed (live events): nothing queued here
 * runs when the transaction rolls back, so nobody hears about a change that did not happen.
 */
export interface UnitOfWork {
  tx: Db;
  ctx: EventsContext;
  afterCommit(fn: () => Promise<void> | void): void;
}

/** What after-commit work may use: the live events, the database (outside the closed transaction), and a logger. */
export type EventsContext = Pick<AppContext, 'db' | 'live'> & Partial<Pick<AppContext, 'log'>>;

/** Runs `fn` in one transaction, then the work it queued with afterCommit, in order. */
export async function inTransaction<T>(ctx: EventsContext, fn: (uow: UnitOfWork) => Promise<T>): Promise<T> {
  const queued: (() => Promise<void> | void)[] = [];
  const result = await ctx.db.transaction((tx) => fn({ tx, ctx, afterCommit: (f) => void queued.push(f) }));
  for (const f of queued) await f();
  return result;
}

/** Who moved it: the signed-in user (or null for the system), the impersonating admin, and from where. */
export interface TransitionActor {
  user: { id: string } | null;
  impersonatorId: string | null;
  ip: string | null;
}

/** One status-bearing table, its transitions map (from #common) and its history table. */
export interface Aggregate<S extends string, Row> {
  /** The audit target type; audit rows say `<name>.status_changed`. */
  name: string;
  table: PgTable;
  idColumn: PgColumn;
  statusColumn: PgColumn;
  /** The row's property names for the status and the last-change time. */
  statusKey: string;
  updatedKeys?: readonly string[];
  transitions: TransitionMap<S>;
  recordHistory(tx: Db, entry: { id: string; from: S; to: S; actorId: string | null; at: Date; data?: Record<string, unknown> }): Promise<void>;
  /** The error for a writer whose expected status is no longer the current one (a 409). */
  conflict(current: S, expected: S): Error;
  notFound(): Error;
  /** Raises the aggregate's live event (its module's events file); runs after commit. */
  announce?(ctx: EventsContext, row: Row): Promise<void>;
  /**
   * Stores the notifications the move causes, in its transaction (they publish after commit).
   * `move` says where it came from and who moved it, so a member is not told of their own act.
   */
  notify?(uow: UnitOfWork, row: Row, now: Date, move: { from: S; actor: TransitionActor }): Promise<void>;
}

export class IllegalTransitionError extends Error {
  constructor(name: string, from: string, to: string) {
    super(`${name}: ${from} → ${to} is not an allowed transition`);
  }
}

/**
 * Moves one row from `from` to `to`: refuses a move the map does not allow, updates only while
 * the row is still at `from` (so of two racing writers exactly one wins; the other gets a 409),
 * writes the history and audit rows in the same transaction, and queues the live event for
 * after the commit.
 */
export async function transition<S extends string, Row>(
  uow: UnitOfWork,
  aggregate: Aggregate<S, Row>,
  opts: { id: string; from: S; to: S; actor: TransitionActor; now: Date; patch?: Partial<Row>; data?: Record<string, unknown> },
): Promise<Row> {
  const { id, from, to, now, actor } = opts;
  if (!aggregate.transitions[from].includes(to)) throw new IllegalTransitionError(aggregate.name, from, to);
  const set: Record<string, unknown> = { ...opts.patch, [aggregate.statusKey]: to };
  for (const k of aggregate.updatedKeys ?? []) set[k] = now;
  const rows = (await uow.tx
    .update(aggregate.table)
    .set(set as never)
    .where(and(eq(aggregate.idColumn, id), eq(aggregate.statusColumn, from)))
    .returning()) as Row[];
  const row = rows[0];
  if (!row) {
    const [current] = (await uow.tx
      .select({ status: aggregate.statusColumn })
      .from(aggregate.table)
      .where(eq(aggregate.idColumn, id))
      .limit(1)) as { status: S }[];
    if (!current) throw aggregate.notFound();
    throw aggregate.conflict(current.status, from);
  }
  const actorId = actor.user?.id ?? null;
  await aggregate.recordHistory(uow.tx, { id, from, to, actorId, at: now, data: opts.data });
  await audit(uow.tx, {
    actorId,
    impersonatorId: actor.impersonatorId,
    ip: actor.ip,
    action: `${aggregate.name}.status_changed`,
    targetType: aggregate.name,
    targetId: id,
    data: { from, to, ...opts.data },
    at: now,
  });
  if (aggregate.notify) await aggregate.notify(uow, row, now, { from, actor });
  const announce = aggregate.announce;
  if (announce) uow.afterCommit(() => announce(uow.ctx, row));
  return row;
}
