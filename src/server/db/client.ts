import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
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

/**
 * PGlite runs one statement at a time on the server's own thread; every other caller queues in
 * its mutex. Counts what is queued or running, oldest first (a Map keeps insertion order).
 */
function trackPgliteLoad(client: PGlite) {
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

export { DataDirLockedError } from './data-dir-lock.ts';

/**
 * PGlite's start-up parameters: its defaults with 32 MB of shared buffers instead of PostgreSQL's
 * 128 MB. PGlite zeroes the whole pool when it starts, which was a third of a cold start
 * (decision 124); pages beyond the pool are read from the data dir's files, which the OS caches.
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens PGlite in a data dir, refusing a dir another process holds (PGlite has no lock of its own).
 * `onLockLost` runs if another process claims the dir while this one uses it.
 */
export async function openPgliteDir(dataDir: string, onLockLost: () => void): Promise<Database> {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(dir, join(dataDir, 'pglite.pid'), onLockLost);
  try {
    const client = await PGlite.create(dir, { startParams: pgliteStartParams });
    const db = await fromPglite(client);
    return {
      ...db,
      async close() {
        await db.close();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
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
