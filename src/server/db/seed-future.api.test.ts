import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { seed } from '#server/db/seed.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStorage } from '#server/providers/storage/storage.ts';
import { createTestDatabase, testConfig } from '#server/test/harness.ts';

// Issue 32: the demo seeds nothing in the future (a bell that says "just now" of a row dated hours
// ahead, an audit log that runs ahead of the clock). Seeded with the real clock, as `npm start` does.
let database: Database;
let seededAt: Date;
const dataDir = mkdtempSync(join(tmpdir(), 'seed-future-'));

beforeAll(async () => {
  database = await createTestDatabase();
  seededAt = new Date();
  // With file storage, as `npm start` seeds: KYC documents and certificate claims too.
  await seed(database.db, { demo: true, now: seededAt, storage: createStorage(testConfig({ DATA_DIR: dataDir })) });
  // The whole demo (thousands of index sales, three funds built month by month) on a busy machine.
}, 240_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Timestamps that are about the future by nature: deadlines, expiries, schedules. */
const futureByNature = /(until|expires|deadline|period_end|run_at|due|next_|valid_to|ends_at|scheduled|locked)/;

describe('the demo seed', () => {
  it('dates nothing after the moment it ran', async () => {
    const cols = await database.db.execute<{ table_name: string; column_name: string }>(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type like 'timestamp%'`,
    );
    const rows =
      (cols as unknown as { rows?: { table_name: string; column_name: string }[] }).rows ??
      (cols as unknown as { table_name: string; column_name: string }[]);
    const ahead: string[] = [];
    const limit = new Date(Date.now() + 1_000).toISOString();
    for (const { table_name: t, column_name: c } of rows) {
      if (futureByNature.test(c)) continue;
      const res = await database.db.execute(
        sql.raw(`select count(*)::int as n, max("${c}")::text as latest from "${t}" where "${c}" > '${limit}'::timestamptz`),
      );
      const [r] = ((res as unknown as { rows?: { n: number; latest: string }[] }).rows ?? (res as unknown as { n: number; latest: string }[])) as {
        n: number;
        latest: string;
      }[];
      if (r && r.n > 0) ahead.push(`${t}.${c}: ${r.n} row(s), latest ${r.latest}`);
    }
    expect(ahead, `seeded at ${seededAt.toISOString()}`).toEqual([]);
  });
});
