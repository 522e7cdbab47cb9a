import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPglite, migrationsApplied, migrationsFolder, openPgliteDir, type Database } from './client.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { startPgliteDir, type StartedPglite } from './pglite-thread.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
let started: StartedPglite;
let database: Database;
let prepared: Promise<void>;
const seeded: string[] = [];
const noLockLoss = () => {};
type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (q: PromiseLike<unknown>) => ((await q) as Rows).rows;

beforeAll(async () => {
  started = startPgliteDir(dataDir, noLockLoss);
  ({ database, prepared } = openPgliteDir(started, {
    run: async (db) => {
      await db.execute(sql`create table if not exists t (id int primary key, at timestamptz, note text)`);
      seeded.push('seed');
    },
  }));
  // Asked before the seed has run: answered after it, on the seeded database.
  const early = database.db.execute(sql`select count(*)::int as n from t`);
  await prepared;
  expect(seeded).toEqual(['seed']);
  expect(await rowsOf(early)).toEqual([{ n: 0 }]);
}, 60_000);

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('PGlite on its own thread', () => {
  it('refuses a data dir another server holds', () => {
    expect(() => startPgliteDir(dataDir, noLockLoss)).toThrow(DataDirLockedError);
  });

  it('runs statements with parameters, keeping timestamps as text as Drizzle asks', async () => {
    await database.db.execute(sql`insert into t values (1, '2026-11-28T08:00:00Z', ${'one'})`);
    const rows = await rowsOf(database.db.execute(sql`select id, at, note from t where id = ${1}`));
    expect(rows).toEqual([{ id: 1, at: '2026-11-28 08:00:00+00', note: 'one' }]);
  });

  it("passes PostgreSQL's error fields back", async () => {
    const err = await database.db.execute(sql`insert into t values (1, now(), 'again')`).catch((e: unknown) => e);
    const codes: unknown[] = [];
    for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) codes.push(e.code);
    expect(codes).toContain('23505');
  });

  it('commits a transaction, and rolls one back when its work throws', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (2, now(), 'kept')`);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (3, now(), 'dropped')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = (await rowsOf(database.db.execute(sql`select id from t order by id`))).map((r) => r.id);
    expect(ids).toEqual([1, 2]);
  });

  it('lets nothing else in while a transaction is open', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`update t set note = 'inside' where id = 2`);
      order.push('tx wrote');
      await held;
      order.push('tx done');
    });
    const outside = rowsOf(database.db.execute(sql`select note from t where id = 2`)).then((rows) => {
      order.push('outside read');
      return rows[0]!.note;
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    expect(await outside).toBe('inside');
    expect(order).toEqual(['tx wrote', 'tx done', 'outside read']);
  });

  it('counts what is queued for load shedding', async () => {
    // Drizzle's queries start when awaited (then), not when built.
    const pending = Array.from({ length: 5 }, () => database.db.execute(sql`select pg_sleep(0.01)`).then(() => {}));
    expect(database.load!().waiting).toBeGreaterThanOrEqual(5);
    await Promise.all(pending);
    expect(database.load!().waiting).toBe(0);
  });
});

describe('the migrations check at start', () => {
  it('tells a migrated database from one that is not, or that lacks the newest migration', async () => {
    const fresh = await fromPglite(new PGlite(), { runMigrations: false });
    try {
      expect(await migrationsApplied(fresh.db)).toBe(false); // no migrations table yet
    } finally {
      await fresh.close();
    }
    await prepared;
    expect(await migrationsApplied(database.db)).toBe(true);

    const newer = mkdtempSync(join(tmpdir(), 'migrations-'));
    try {
      mkdirSync(join(newer, 'meta'));
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, when: last.when + 1, tag: 'later' });
      writeFileSync(join(newer, 'meta/_journal.json'), JSON.stringify(journal));
      expect(await migrationsApplied(database.db, newer)).toBe(false);
    } finally {
      rmSync(newer, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a restart', () => {
  it('asks whether the preparation is done before the dir is open, and skips it when it is', async () => {
    await prepared;
    await database.close();
    for (const isDone of [true, false]) {
      const runs: string[] = [];
      let askedBeforeOpen = false;
      const restarted = startPgliteDir(dataDir, noLockLoss);
      let open = false;
      void restarted.thread.ready.then(() => (open = true));
      ({ database, prepared } = openPgliteDir(restarted, {
        done: async (db) => {
          askedBeforeOpen = !open;
          return isDone && (await rowsOf(db.execute(sql`select count(*)::int as n from t`)))[0]!.n === 2;
        },
        run: async () => void runs.push('run'),
      }));
      await prepared;
      expect(askedBeforeOpen).toBe(true);
      expect(runs).toEqual(isDone ? [] : ['run']);
      expect((await rowsOf(database.db.execute(sql`select id from t order by id`))).map((r) => r.id)).toEqual([1, 2]);
      await database.close();
    }
    // afterAll closes it again; closing twice is allowed
  }, 60_000);
});
