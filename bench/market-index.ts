// The market index: recompute the whole series for 500 constituents and 250,000 observations
// (5 years of daily levels), on PGlite and, when DATABASE_URL or TEST_DATABASE_URL is set, on
// PostgreSQL; beside a plain baseline (one raw SELECT, the same carried-forward prices and
// monthly equal-weight divisor arithmetic in a bare loop, one INSERT … SELECT unnest). Then
// GET /api/index/levels for the 5 years of daily levels over HTTP (goal: p99 ≤ 20 ms), its 304
// revalidation, and the uncached query + serialization the per-instance cache stands in for.
import { sql } from 'drizzle-orm';
import { addDays, dayOf } from '../src/common/market-index.ts';
import type { Database } from '../src/server/db/client.ts';
import { seedSetting } from '../src/server/modules/settings/settings.service.ts';
import { indexLevels } from '../src/server/db/schema/market-index.ts';
import { indexLevelsBetween, recomputeIndex } from '../src/server/modules/market-index/market-index.service.ts';
import { benchApp, benchDatabase, fmt, isMain, postgresUrlFromEnv, reachable, stats, tempPostgresDatabase } from './support.ts';

const CONSTITUENTS = 500;
const PER = 500;
const DAYS = 5 * 365;
const REQUESTS = Number(process.env.BENCH_INDEX_REQUESTS ?? 300);
const GOAL_P99_MS = 20;
// The demo index and the demo funds that mark their cards from it would hold foreign keys to the
// constituents the bench replaces; the bench brings its own index.
const NO_DEMO_INDEX = { demoIndex: false, demoFunds: false };

async function fill(database: Database, today: string) {
  const { db } = database;
  for (const t of ['index_members', 'index_divisor_log', 'index_levels', 'price_observations', 'index_reviews', 'index_constituents'])
    await db.execute(sql.raw(`delete from ${t}`));
  await db.execute(
    sql.raw(`insert into index_constituents (player, year, set, card_number, grader, grade, sport)
    select 'Bench Player ' || i, 1950 + i % 70, 'Bench Set', i::text, 'PSA', 10 - i % 3, 'baseball' from generate_series(1, ${CONSTITUENTS}) i`),
  );
  // 500 sales each, spread over the 5 years, prices wandering around a per-card level.
  await db.execute(
    sql.raw(`insert into price_observations (constituent_id, observed_on, price_cents, source, sale_ref, dedupe_key)
    select c.id, date '${today}' - (${DAYS + 200} - (k * ${DAYS + 200} / ${PER}))::int, (10000 + (abs(hashtext(c.id::text)) % 500000) + (k * 37 + abs(hashtext(c.id::text || k)) % 900) * 10)::bigint,
           'Bench', 'b-' || k, 'b-' || k
      from index_constituents c, generate_series(0, ${PER - 1}) k`),
  );
  await seedSetting(
    { db },
    {
      section: 'index',
      value: { weighting: 'equal', baseDate: addDays(today, -DAYS), staleAfterDays: 90, rebalanceCadence: 'monthly' },
      overwrite: true,
    },
  );
  await db.execute(sql.raw('analyze'));
}

/** The plain baseline: all members from the base date, equal weight reset on the 1st of each month. */
async function baseline(database: Database, baseDate: string, today: string) {
  const res = await database.db.execute(
    sql.raw('select constituent_id as id, observed_on::text as day, price_cents::float8 as p from price_observations order by 1, 2'),
  );
  const rows = ((res as { rows?: unknown[] }).rows ?? (res as unknown as unknown[])) as { id: string; day: string; p: number }[];
  const ids: string[] = [];
  const series = new Map<string, { day: string; p: number }[]>();
  for (const r of rows) {
    let s = series.get(r.id);
    if (!s) {
      series.set(r.id, (s = []));
      ids.push(r.id);
    }
    s.push(r);
  }
  const cur = new Float64Array(ids.length).fill(NaN);
  const pos = new Int32Array(ids.length).fill(-1);
  let w = new Float64Array(ids.length);
  let divisor = 0;
  const days: string[] = [];
  const levels: number[] = [];
  for (let d = baseDate; d <= today; d = addDays(d, 1)) {
    ids.forEach((id, i) => {
      const s = series.get(id)!;
      while (pos[i] + 1 < s.length && s[pos[i] + 1].day <= d) cur[i] = s[++pos[i]].p;
    });
    if (d === baseDate || d.endsWith('-01')) {
      let oldB = 0;
      let newB = 0;
      const next = new Float64Array(ids.length);
      for (let i = 0; i < ids.length; i++) {
        if (Number.isNaN(cur[i])) continue;
        oldB += w[i] * cur[i];
        next[i] = 100 / cur[i];
        newB += next[i] * cur[i];
      }
      divisor = divisor ? (divisor * newB) / oldB : newB / 1000;
      w = next;
    }
    let v = 0;
    for (let i = 0; i < ids.length; i++) if (!Number.isNaN(cur[i])) v += w[i] * cur[i];
    days.push(d);
    levels.push(v / divisor);
  }
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw('create temp table if not exists bench_levels (day date primary key, level float8) on commit drop'));
    await tx.execute(sql`insert into bench_levels select * from unnest(${`{${days.join(',')}}`}::date[], ${`{${levels.join(',')}}`}::float8[])`);
  });
  return { days, levels };
}

async function time<T>(fn: () => Promise<T>) {
  const t0 = performance.now();
  const out = await fn();
  return { ms: performance.now() - t0, out };
}

async function recomputeOn(label: string, database: Database) {
  const today = dayOf(new Date());
  await fill(database, today);
  const clock = { now: () => new Date() };
  const ours: number[] = [];
  const plain: number[] = [];
  let levels = 0;
  let plainOut: Awaited<ReturnType<typeof baseline>> = { days: [], levels: [] };
  for (let i = 0; i < 3; i++) {
    const a = await time(() => recomputeIndex({ db: database.db, clock }));
    ours.push(a.ms);
    levels = a.out.levels;
    const b = await time(() => baseline(database, addDays(today, -DAYS), today));
    plain.push(b.ms);
    plainOut = b.out;
  }
  // Both must have computed the same series, or the comparison means nothing.
  const stored = await database.db.select({ day: indexLevels.day, level: indexLevels.level }).from(indexLevels).orderBy(indexLevels.day);
  if (stored.length !== plainOut.levels.length) throw new Error(`series differ in length: ${stored.length} vs ${plainOut.levels.length}`);
  let maxDiff = 0;
  stored.forEach((r, i) => {
    if (r.day !== plainOut.days[i]) throw new Error(`series differ on ${r.day} vs ${plainOut.days[i]}`);
    maxDiff = Math.max(maxDiff, Math.abs(r.level - plainOut.levels[i]));
  });
  if (maxDiff > 1e-6) throw new Error(`series differ by up to ${maxDiff} points`);
  const o = stats(ours);
  const p = stats(plain);
  console.log(
    `index recompute ${label}: ${CONSTITUENTS} constituents, ${CONSTITUENTS * PER} observations, ${levels} levels (same as the baseline's within ${maxDiff.toExponential(1)} points):` +
      ` ours p50 ${fmt(o.p50, 0)} ms · plain p50 ${fmt(p.p50, 0)} ms · ours ÷ plain ${fmt(o.p50 / p.p50)}`,
  );
  return { oursMs: o.p50, plainMs: p.p50, levels, oursOverPlain: o.p50 / p.p50, maxLevelDiff: maxDiff };
}

async function levelsEndpoint(database: Database) {
  const { app, port } = await benchApp(database);
  try {
    const url = `http://127.0.0.1:${port}/api/index/levels`;
    for (let i = 0; i < 30; i++) await (await fetch(url)).arrayBuffer();
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      bytes = (await (await fetch(url)).arrayBuffer()).byteLength;
      samples.push(performance.now() - t0);
    }
    const s = stats(samples);
    // A browser that holds the series asks again with its ETag and gets a 304.
    const etag = (await fetch(url)).headers.get('etag') ?? '';
    const revalidate: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { 'if-none-match': etag } });
      await res.arrayBuffer();
      if (res.status !== 304) throw new Error(`expected 304, got ${res.status}`);
      revalidate.push(performance.now() - t0);
    }
    // The floor on this machine now: a public route that asks the database one small question.
    const health: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await (await fetch(`http://127.0.0.1:${port}/api/health`)).arrayBuffer();
      health.push(performance.now() - t0);
    }
    // What the cache saves: the query and the serialization it stands in for, without HTTP.
    const uncached: number[] = [];
    for (let i = 0; i < 50; i++) uncached.push((await time(async () => JSON.stringify(await indexLevelsBetween({ db: database.db }, {})))).ms);
    const r = stats(revalidate);
    const h = stats(health);
    const u = stats(uncached);
    console.log(
      `GET /api/index/levels (${DAYS + 1} days): p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms, ${bytes} bytes; goal p99 ≤ ${GOAL_P99_MS} ms: ${s.p99 <= GOAL_P99_MS ? 'met' : 'missed'}` +
        ` · 304 revalidation p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms · GET /api/health p50 ${fmt(h.p50)} ms, p99 ${fmt(h.p99)} ms` +
        ` · uncached query + JSON p50 ${fmt(u.p50)} ms, p99 ${fmt(u.p99)} ms`,
    );
    return {
      p50: s.p50,
      p99: s.p99,
      bytes,
      goalMet: s.p99 <= GOAL_P99_MS,
      revalidateP50: r.p50,
      revalidateP99: r.p99,
      healthP50: h.p50,
      healthP99: h.p99,
      uncachedP50: u.p50,
      uncachedP99: u.p99,
    };
  } finally {
    await app.close();
  }
}

export async function runMarketIndex() {
  const pglite = await benchDatabase(undefined, undefined, NO_DEMO_INDEX);
  const results: Record<string, unknown> = {};
  try {
    results.pglite = await recomputeOn('PGlite', pglite);
    results.levelsPglite = await levelsEndpoint(pglite);
  } finally {
    await pglite.close();
  }
  const url = postgresUrlFromEnv();
  if (url && (await reachable(url))) {
    const temp = await tempPostgresDatabase(url);
    const pgdb = await benchDatabase(temp.url, undefined, NO_DEMO_INDEX);
    try {
      results.postgres = await recomputeOn('PostgreSQL', pgdb);
      results.levelsPostgres = await levelsEndpoint(pgdb);
    } finally {
      await pgdb.close();
      await temp.drop();
    }
  } else results.postgres = { skipped: 'no DATABASE_URL or TEST_DATABASE_URL' };
  return results;
}

if (isMain(import.meta.url)) await runMarketIndex();
