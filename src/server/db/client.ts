import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { afterGate, type StartedPglite } from './pglite-thread.ts';
import { schema, type Schema } from './schema.ts';
import { fromRoot } from '#server/paths.ts';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * How far behind the database is: statements and transactions started and not finished, and
   * how long the oldest of them has been waiting (ms). The server sheds load on it (decision 144).
   */
  load?(): { waiting: number; oldestWaitMs: number };
}

type PgliteLike = Pick<PGlite, 'query' | 'exec' | 'transaction'>;

/**
 * PGlite runs one statement at a time; every other caller queues in its mutex. Counts what is
 * queued or running, oldest first (a Map keeps insertion order).
 */
function trackPgliteLoad(client: PgliteLike) {
  const started = new Map<number, number>();
  let next = 0;
  const wrap = <K extends 'query' | 'exec' | 'transaction'>(name: K) => {
    const original = (client[name] as (...a: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<K, unknown>)[name] = async (...args: unknown[]) => {
      const id = next++;
      started.set(id, performance.now());
      try {
        return await original(...args);
      } finally {
        started.delete(id);
      }
    };
  };
  wrap('query');
  wrap('exec');
  wrap('transaction');
  return () => {
    const oldest = started.values().next();
    return { waiting: started.size, oldestWaitMs: oldest.done ? 0 : performance.now() - oldest.value };
  };
}

export const migrationsFolder = fromRoot('drizzle');

export interface JournalEntry {
  tag: string;
  when: number;
}
const journals = new Map<string, JournalEntry[]>();

/** Drizzle's list of a folder's migrations, oldest first; read once per folder (the start and the seed both ask). */
export function migrationJournal(folder = migrationsFolder): JournalEntry[] {
  let entries = journals.get(folder);
  if (!entries) {
    entries = (JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
    journals.set(folder, entries);
  }
  return entries;
}

/**
 * Whether the folder's newest migration is applied. Drizzle's migrator applies the migrations
 * newer than the newest row of drizzle.__drizzle_migrations, so this is its own test, in one
 * statement instead of its CREATE SCHEMA and CREATE TABLE checks (about a tenth of a start on the
 * embedded database). Any failure (no such table yet) answers false: the migrator then runs.
 */
export async function migrationsApplied(db: Db, folder = migrationsFolder): Promise<boolean> {
  const newest = Math.max(...migrationJournal(folder).map((e) => e.when));
  try {
    const { rows } = (await db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { applied: string | number | bigint | null }[];
    };
    return rows[0]?.applied != null && Number(rows[0].applied) >= newest;
  } catch {
    return false;
  }
}

export { DataDirLockedError } from './data-dir-lock.ts';

export interface Preparation {
  /** Whether the database is already as `run` would leave it (a restart of the same code). */
  done?: (db: Db) => Promise<boolean>;
  run: (db: Db) => Promise<void>;
}

/**
 * Opens a data dir PGlite has started opening on its own thread (startPgliteDir, decision 148).
 * Returns at once: the app can be built while the database opens. Its statements wait until
 * `prepared` has settled: the dir open, migrations applied, then the preparation (the seed) run
 * with a handle that does not wait, unless `done` says it has nothing to do.
 */
export function openPgliteDir({ thread, lock }: StartedPglite, preparation: Preparation): { database: Database; prepared: Promise<void> } {
  const direct = drizzlePglite(thread as never, { schema }) as unknown as Db;
  const prepared = (async () => {
    // Both checks are asked before the dir is open: the thread runs them the moment it is, with no
    // round trip through this thread, which may still be building the app (decision 154).
    const applied = migrationsApplied(direct);
    const done = (preparation.done?.(direct) ?? Promise.resolve(false)).catch(() => false);
    await thread.ready;
    if (await applied) {
      if (await done) return;
    } else {
      await migratePglite(direct as never, { migrationsFolder });
    }
    await preparation.run(direct);
  })();
  const client = afterGate(thread, prepared);
  const db = drizzlePglite(client as never, { schema }) as unknown as Db;
  return {
    prepared,
    database: {
      db,
      kind: 'pglite',
      load: trackPgliteLoad(client),
      async ping() {
        await db.execute(sql`select 1`);
      },
      async close() {
        await thread.close();
        lock.release();
      },
    },
  };
}

export async function fromPglite(client: PGlite, { runMigrations = true } = {}): Promise<Database> {
  const load = trackPgliteLoad(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (runMigrations) await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    load,
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Connections killed while checked out (PostgreSQL restarted, pg_terminate_backend) must neither
 * end the process nor leak out of the pool:
 * - the pool listens for errors only on idle clients, so a checked-out one whose connection dies
 *   between queries would raise an unhandled 'error' event; its next query fails instead (a 503);
 * - Drizzle's transaction() never releases its client when BEGIN itself fails, so every such
 *   client would stay checked out for good, until the pool is exhausted and every request waits
 *   for a connection forever. A client whose connection has ended is handed back (and dropped)
 *   at once; its holder's later release() is then a no-op.
 */
function returnDeadClients(pool: pg.Pool) {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    client.on('end', () => {
      const held = client as pg.PoolClient;
      if (!checkedOut.delete(held)) return;
      const release = held.release;
      held.release = () => {};
      release(new Error('connection ended while checked out'));
    });
  });
}

export async function openPostgres(url: string, { runMigrations = true, max = 10 } = {}): Promise<Database> {
  // Loaded only for PostgreSQL, so an embedded-database start does not pay for them.
  const [{ default: pgLib }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pgLib.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // A terminated idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  returnDeadClients(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  if (runMigrations) await migratePg(db as never, { migrationsFolder });
  return {
    db,
    kind: 'postgres',
    // Requests waiting for one of the pool's connections; the wait itself is bounded by connectionTimeoutMillis.
    load: () => ({ waiting: pool.waitingCount, oldestWaitMs: 0 }),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}
