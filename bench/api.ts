// API throughput: GET /api/auth/me with a valid session under autocannon (100 connections),
// beside a bare node:http server running the same session lookup SQL on the same engine.
// Each server runs in its own process (bench/api-target.ts); autocannon runs here.
// PGlite always; PostgreSQL too when DATABASE_URL or TEST_DATABASE_URL is set (a fresh database,
// dropped afterwards). BENCH_SECONDS (default 10), BENCH_CONNECTIONS (100), BENCH_ROUNDS (1).
import autocannon from 'autocannon';
import { firstMessage, fmt, isMain, postgresUrlFromEnv, reachable, spawnTs, stopChild, tempPostgresDatabase, withTimeout } from './support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const WARMUP_SECONDS = Math.min(3, Math.max(1, Math.round(SECONDS / 4)));

interface Load {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function load(port: number, headers: Record<string, string>, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon({ url: `http://127.0.0.1:${port}/api/auth/me`, connections: CONNECTIONS, duration: seconds, headers }, (err, r) => {
      if (err) return reject(err);
      resolve({ reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    });
  });
}

async function runTarget(target: 'ours' | 'raw', dbUrl: string | undefined) {
  const child = spawnTs('bench/api-target.ts', { TARGET: target, BENCH_DB_URL: dbUrl ?? '' });
  try {
    const ready = await firstMessage<{ port: number; token: string; userId: string; sqlMatches?: boolean | null }>(child, 90_000);
    const headers = { 'X-Auth-Token': ready.token, 'X-User-Id': ready.userId, 'X-Client-Id': 'web' };
    const check = await fetch(`http://127.0.0.1:${ready.port}/api/auth/me`, { headers });
    if (check.status !== 200) throw new Error(`${target}: GET /api/auth/me answered ${check.status}: ${await check.text()}`);
    await load(ready.port, headers, WARMUP_SECONDS); // JIT, pool and caches warm
    const result = await load(ready.port, headers, SECONDS);
    return { result, sqlMatches: ready.sqlMatches ?? null };
  } finally {
    await stopChild(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function compare(engine: 'pglite' | 'postgres', dbUrl?: string) {
  const ours: Load[] = [];
  const raw: Load[] = [];
  let sqlMatches: boolean | null = null;
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate the order so a slow patch on the machine does not always hit the same side.
    const order: ('raw' | 'ours')[] = i % 2 ? ['ours', 'raw'] : ['raw', 'ours'];
    for (const t of order) {
      const r = await runTarget(t, dbUrl);
      (t === 'ours' ? ours : raw).push(r.result);
      if (t === 'raw' && r.sqlMatches !== null) sqlMatches = r.sqlMatches;
    }
  }
  const pick = (xs: Load[]): Load => ({
    reqPerSec: median(xs.map((x) => x.reqPerSec)),
    p50: median(xs.map((x) => x.p50)),
    p99: median(xs.map((x) => x.p99)),
    non2xx: xs.reduce((n, x) => n + x.non2xx, 0),
    errors: xs.reduce((n, x) => n + x.errors, 0),
  });
  const o = pick(ours);
  const b = pick(raw);
  return {
    engine,
    baseline: b,
    ours: o,
    throughputRatio: o.reqPerSec / b.reqPerSec,
    p99Ratio: o.p99 / b.p99,
    meetsGoal: o.reqPerSec / b.reqPerSec >= 0.8 && o.p99 / b.p99 <= 1.5 && !o.non2xx && !o.errors,
    sqlMatchesApp: sqlMatches,
  };
}

type Comparison = Awaited<ReturnType<typeof compare>>;

function print(c: Comparison) {
  const line = (name: string, l: Load) =>
    `  ${name.padEnd(30)} ${fmt(l.reqPerSec, 0).padStart(7)} req/s   p50 ${fmt(l.p50, 0)} ms   p99 ${fmt(l.p99, 0)} ms` +
    (l.non2xx || l.errors ? `   [${l.non2xx} non-2xx, ${l.errors} errors/timeouts]` : '');
  console.log(`\nAPI, ${c.engine}: GET /api/auth/me, ${CONNECTIONS} connections, ${SECONDS} s${ROUNDS > 1 ? `, median of ${ROUNDS}` : ''}`);
  console.log(line('bare node:http + same SQL', c.baseline));
  console.log(line('ours (Fastify app)', c.ours));
  console.log(
    `  ratio: ${fmt(c.throughputRatio)}× req/s (goal ≥ 0.80), ${fmt(c.p99Ratio)}× p99 (goal ≤ 1.5) → ${c.meetsGoal ? 'met' : 'MISSED'}` +
      (c.sqlMatchesApp === false ? '  [warning: the baseline SQL no longer matches resolveSession]' : ''),
  );
}

export async function runApi() {
  const out: { pglite: Comparison | { skipped: string }; postgres: Comparison | { skipped: string } } = {
    pglite: { skipped: 'not run' },
    postgres: { skipped: 'DATABASE_URL / TEST_DATABASE_URL not set' },
  };
  try {
    const c = await withTimeout(compare('pglite'), (SECONDS + WARMUP_SECONDS + 120) * 2 * ROUNDS * 1000, 'API on PGlite');
    print(c);
    out.pglite = c;
  } catch (err) {
    console.log(`\nAPI, pglite: skipped (${(err as Error).message})`);
    out.pglite = { skipped: (err as Error).message };
  }

  const url = postgresUrlFromEnv();
  if (!url) {
    console.log('\nAPI, postgres: skipped (set DATABASE_URL or TEST_DATABASE_URL)');
  } else if (!(await reachable(url))) {
    console.log('\nAPI, postgres: skipped (server unreachable)');
    out.postgres = { skipped: 'server unreachable' };
  } else {
    let temp: Awaited<ReturnType<typeof tempPostgresDatabase>> | null = null;
    try {
      temp = await withTimeout(tempPostgresDatabase(url), 15_000, 'create database');
      const c = await withTimeout(compare('postgres', temp.url), (SECONDS + WARMUP_SECONDS + 120) * 2 * ROUNDS * 1000, 'API on PostgreSQL');
      print(c);
      out.postgres = c;
    } catch (err) {
      console.log(`\nAPI, postgres: skipped (${(err as Error).message})`);
      out.postgres = { skipped: (err as Error).message };
    } finally {
      await temp?.drop().catch((err) => console.warn(`could not drop ${temp?.name}: ${(err as Error).message}`));
    }
  }
  return out;
}

if (isMain(import.meta.url)) {
  await runApi();
  process.exit(0);
}
