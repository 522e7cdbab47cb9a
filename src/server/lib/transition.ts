import { and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
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
  recordHistory(
    tx: Db,
    entry: { id: string; from: S; to: S; actorId: string | null; at: Date; data?: Record<string, unknown>; row: Row },
  ): Promise<void>;
  /**
   * false: transition() writes no `<name>.status_changed` audit row, because the module audits the
   * move in its own words (or it is bookkeeping the audit log has never shown).
   */
  audited?: boolean;
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
  uow: Moves,
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
    const [current] = (await uow.tx.select({ status: aggregate.statusColumn }).from(aggregate.table).where(eq(aggregate.idColumn, id)).limit(1)) as {
      status: S;
    }[];
    if (!current) throw aggregate.notFound();
    throw aggregate.conflict(current.status, from);
  }
  const actorId = actor.user?.id ?? null;
  await aggregate.recordHistory(uow.tx, { id, from, to, actorId, at: now, data: opts.data, row });
  if (aggregate.audited !== false)
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
  await after(uow, aggregate, row, now, from, actor);
  return row;
}

async function after<S extends string, Row>(uow: Moves, aggregate: Aggregate<S, Row>, row: Row, now: Date, from: S, actor: TransitionActor) {
  if (!aggregate.notify && !aggregate.announce) return;
  if (!('afterCommit' in uow)) throw new Error(`${aggregate.name}: notifying or announcing moves needs a unit of work`);
  if (aggregate.notify) await aggregate.notify(uow, row, now, { from, actor });
  const announce = aggregate.announce;
  if (announce) uow.afterCommit(() => announce(uow.ctx, row));
}

/** A transaction to move rows in: a unit of work, or a bare transaction for aggregates that neither notify nor announce. */
export type Moves = UnitOfWork | { tx: Db };

/** A patch may compute a column in SQL (e.g. append to a jsonb list). */
export type MovePatch<Row> = { [K in keyof Row]?: Row[K] | SQL };

/**
 * Moves every row matching `where` whose status is one of `from` to `to`, in one update per
 * current status (a job expiring many rows, or a writer that does not know the exact current
 * status). Each move must be on the map; rows that changed meanwhile are simply not matched (no
 * 409). A row already at `to` gets the patch but no history row: it did not move. Returns the
 * updated rows; history, audit, notify and announce run per moved row as in transition().
 */
export async function transitionMany<S extends string, Row>(
  uow: Moves,
  aggregate: Aggregate<S, Row>,
  opts: {
    where: SQL | undefined;
    from: readonly S[];
    to: S;
    actor: TransitionActor;
    now: Date;
    patch?: MovePatch<Row>;
    data?: Record<string, unknown>;
  },
): Promise<Row[]> {
  const { from, to, now, actor } = opts;
  for (const f of from) if (f !== to && !aggregate.transitions[f].includes(to)) throw new IllegalTransitionError(aggregate.name, f, to);
  const current = (await uow.tx
    .select({ id: aggregate.idColumn, status: aggregate.statusColumn })
    .from(aggregate.table)
    .where(and(opts.where, inArray(aggregate.statusColumn, [...from])))) as { id: string; status: S }[];
  const set: Record<string, unknown> = { ...opts.patch, [aggregate.statusKey]: to };
  for (const k of aggregate.updatedKeys ?? []) set[k] = now;
  const out: Row[] = [];
  for (const f of from) {
    const ids = current.filter((c) => c.status === f).map((c) => c.id);
    if (!ids.length) continue;
    const rows = (await uow.tx
      .update(aggregate.table)
      .set(set as never)
      .where(and(opts.where, inArray(aggregate.idColumn, ids), eq(aggregate.statusColumn, f)))
      .returning()) as Row[];
    out.push(...rows);
    if (f === to) continue;
    const actorId = actor.user?.id ?? null;
    for (const row of rows) {
      const id = (row as Record<string, unknown>)[idKey(aggregate, row)] as string;
      await aggregate.recordHistory(uow.tx, { id, from: f, to, actorId, at: now, data: opts.data, row });
      if (aggregate.audited !== false) {
        await audit(uow.tx, {
          actorId,
          impersonatorId: actor.impersonatorId,
          ip: actor.ip,
          action: `${aggregate.name}.status_changed`,
          targetType: aggregate.name,
          targetId: id,
          data: { from: f, to, ...opts.data },
          at: now,
        });
      }
      await after(uow, aggregate, row, now, f, actor);
    }
  }
  return out;
}

/** The row's property holding the id column (the column is known, its property name is not). */
function idKey<S extends string, Row>(aggregate: Aggregate<S, Row>, row: Row): string {
  const key = Object.entries(getTableColumns(aggregate.table)).find(([, c]) => c === aggregate.idColumn)?.[0];
  if (!key || !(key in (row as object))) throw new Error(`${aggregate.name}: id column not found on the row`);
  return key;
}

/**
 * The recordHistory of an aggregate whose history is a `<aggregate>_events` table in the shared
 * shape (decision 136): `data.note`, when a string, is kept as the note.
 */
export function historyIn(table: PgTable, refKey: string) {
  return async (tx: Db, e: { id: string; from: string | null; to: string; actorId: string | null; at: Date; data?: Record<string, unknown> }) => {
    const note = typeof e.data?.note === 'string' ? e.data.note : null;
    await tx.insert(table).values({ [refKey]: e.id, fromStatus: e.from, toStatus: e.to, note, actorId: e.actorId, at: e.at } as never);
  };
}
