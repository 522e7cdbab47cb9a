// The admin dashboard on PostgreSQL: GET /api/admin/dashboard?period=12m with the full demo seed
// (people, registries, MarketPlace, loans, invoices, hunts, the market index and the funds), timed
// end to end over HTTP (sequential requests after a warm-up) beside the same aggregate SQL run
// bare through `pg`, side by side as the service runs it, and sent as JSON by a bare node:http
// server. Goal: p99 ≤ 50 ms. Needs DATABASE_URL or TEST_DATABASE_URL (a fresh database, dropped
// afterwards); else skipped. Request count: BENCH_CARDS_REQUESTS (default 1,000), as bench/cards.ts.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openPostgres } from '../src/server/db/client.ts';
import { seed } from '../src/server/db/seed.ts';
import { dashboardQueries } from '../src/server/modules/admin-dashboard/admin-dashboard.queries.ts';
import { dashboardWindow } from '../src/server/modules/admin-dashboard/admin-dashboard.service.ts';
import { timeInterleaved } from './cards.ts';
import { benchApp, fmt, isMain, postgresUrlFromEnv, reachable, sessionFor, tempPostgresDatabase, withTimeout } from './support.ts';

const GOAL_P99_MS = 50;
const PERIOD = '12m';
const TZ_OFFSET = 300;

/** The same statements the service runs, on a bare pool, side by side; the latest access requests read as the service's list does. */
async function bareServer(pool: pg.Pool, queries: { text: string; values: unknown[] }[]) {
  const server = createServer(async (_req, res) => {
    try {
      const results = await Promise.all(queries.map((q) => pool.query(q.text, q.values)));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(results.map((r) => r.rows)));
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port };
}

async function onPostgres(url: string) {
  const database = await openPostgres(url);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The database is dropped with (force) at the end: an idle client's termination is expected.
  pool.on('error', () => {});
  let app: Awaited<ReturnType<typeof benchApp>>['app'] | undefined;
  let bare: Awaited<ReturnType<typeof bareServer>> | undefined;
  try {
    const t0 = performance.now();
    await seed(database.db);
    await pool.query('analyze');
    console.log(`\nadmin-dashboard bench: full demo seed written in ${fmt((performance.now() - t0) / 1000, 1)} s`);
    const admin = await sessionFor(database, '+12125550101');
    ({ app } = await benchApp(database));
    const { port } = app.server.address() as AddressInfo;
    const dialect = new PgDialect();
    const statements = Object.values(dashboardQueries(dashboardWindow(new Date(), { tzOffset: TZ_OFFSET, period: PERIOD }))).map((q) => {
      const { sql, params } = dialect.sqlToQuery(q);
      return { text: sql, values: params };
    });
    statements.push({ text: 'select * from access_requests order by created_at desc, id desc limit 5', values: [] });
    const plans: string[][] = [];
    for (const s of statements.slice(0, 3))
      plans.push(
        ((await pool.query(`explain (analyze, costs off, timing off) ${s.text}`, s.values)).rows as { 'QUERY PLAN': string }[]).map(
          (r) => r['QUERY PLAN'],
        ),
      );
    bare = await bareServer(pool, statements);
    const headers = { 'X-Auth-Token': admin.token, 'X-User-Id': admin.userId, 'X-Client-Id': 'web' };
    const [baseline, ours] = await timeInterleaved([
      { url: `http://127.0.0.1:${bare.port}/`, headers: {} },
      { url: `http://127.0.0.1:${port}/api/admin/dashboard?period=${PERIOD}&tzOffset=${TZ_OFFSET}`, headers },
    ]);
    const ratio = baseline.p99 / ours.p99;
    const result = { name: `GET /api/admin/dashboard?period=${PERIOD}`, baseline, ours, p99Ratio: ratio, meetsGoal: ours.p99 <= GOAL_P99_MS };
    console.log(`\n${result.name} (full demo seed)`);
    console.log(`  bare pg + node:http, same SQL   p50 ${fmt(baseline.p50)} ms   p99 ${fmt(baseline.p99)} ms   ${fmt(baseline.bytes / 1024, 1)} KB`);
    console.log(`  ours (Fastify app)              p50 ${fmt(ours.p50)} ms   p99 ${fmt(ours.p99)} ms   ${fmt(ours.bytes / 1024, 1)} KB`);
    console.log(`  p99 ${fmt(ours.p99)} ms (goal ≤ ${GOAL_P99_MS}), ratio bare/ours ${fmt(ratio)} → ${result.meetsGoal ? 'met' : 'MISSED'}`);
    for (const [i, plan] of plans.entries())
      console.log(`  plan of statement ${i + 1}, execution: ${plan.find((l) => l.startsWith('Execution Time')) ?? 'n/a'}`);
    return { ...result, plans };
  } finally {
    if (bare) await new Promise((r) => bare!.server.close(r));
    await app?.close();
    await pool.end();
    await database.close();
  }
}

export async function runAdminDashboard() {
  const url = postgresUrlFromEnv();
  if (!url) {
    console.log('\nadmin-dashboard: skipped (PostgreSQL only: set DATABASE_URL or TEST_DATABASE_URL)');
    return { skipped: 'DATABASE_URL / TEST_DATABASE_URL not set' };
  }
  if (!(await reachable(url))) {
    console.log('\nadmin-dashboard: skipped (PostgreSQL server unreachable)');
    return { skipped: 'server unreachable' };
  }
  const temp = await withTimeout(tempPostgresDatabase(url), 15_000, 'create database');
  try {
    return await onPostgres(temp.url);
  } finally {
    await temp.drop().catch((err) => console.warn(`could not drop ${temp.name}: ${(err as Error).message}`));
  }
}

if (isMain(import.meta.url)) {
  await runAdminDashboard();
  process.exit(0);
}
