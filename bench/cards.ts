// Registry reads on PostgreSQL: GET /api/registry page 1 (the default 50 cards) for a member with
// 2,000 cards, and GET /api/admin/cards?q=… page 1 over 100,000 cards. Each is timed end to end over HTTP
// (sequential requests after a warm-up, alternating with the baseline) beside the same SQL run bare through `pg` and its rows
// sent as JSON by a bare node:http server, so the ratio is what the app adds over that.
// Needs DATABASE_URL or TEST_DATABASE_URL (a fresh database, dropped afterwards); else skipped.
// BENCH_CARDS_REQUESTS (default 1,000: a p99 of 400 was the 4th-slowest request, and the gallery's
// ratio swung 0.60-1.13 between rounds), BENCH_ROUNDS (default 1; with more, medians of the rounds).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.ts';
import { seed } from '../src/server/db/seed.ts';
import { registryQuerySchema } from '../src/common/cards.ts';
import type { Db } from '../src/server/db/client.ts';
import { adminCardsPage, registryPage } from '../src/server/modules/cards/cards.queries.ts';
import { registry } from '../src/server/modules/cards/cards.service.ts';
import type { CardsContext } from '../src/server/modules/cards/cards.context.ts';
import { benchApp, fmt, isMain, postgresUrlFromEnv, reachable, sessionFor, stats, tempPostgresDatabase, withTimeout } from './support.ts';

const REQUESTS = Number(process.env.BENCH_CARDS_REQUESTS ?? 1_000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const WARMUP = 50;
const MEMBER_CARDS = 2_000;
const ALL_CARDS = 100_000;
const OWNERS = 1_000;
const QUERY = 'griffey';
const GOAL_P99_MS = 20;
const GOAL_RATIO = 0.8;

const players = [
  'Ken Griffey Jr.',
  'Michael Jordan',
  'Mike Trout',
  'Shohei Ohtani',
  'Tom Brady',
  'LeBron James',
  'Wayne Gretzky',
  'Mickey Mantle',
  'Kobe Bryant',
  'Derek Jeter',
  'Patrick Mahomes',
  'Luka Doncic',
  'Stephen Curry',
  'Hank Aaron',
  'Nolan Ryan',
  'Sandy Koufax',
  'Peyton Manning',
  'Sidney Crosby',
  'Connor McDavid',
  'Bobby Orr',
  'Jim Brown',
  'Joe Montana',
  'Jerry Rice',
  'Magic Johnson',
  'Larry Bird',
  'Kareem Abdul-Jabbar',
  'Tim Duncan',
  "Shaquille O'Neal",
  'Giannis Antetokounmpo',
  'Zion Williamson',
  'Ja Morant',
  'Victor Wembanyama',
  'Juan Soto',
  'Ronald Acuna Jr.',
  'Fernando Tatis Jr.',
  'Aaron Judge',
  'Albert Pujols',
  'Ichiro Suzuki',
  'Cal Ripken Jr.',
  'Tony Gwynn',
  'Rickey Henderson',
  'Mark McGwire',
  'Barry Bonds',
  'Roberto Clemente',
  'Willie Mays',
  'Ted Williams',
  'Babe Ruth',
  'Lou Gehrig',
  'Jackie Robinson',
  'Pete Rose',
  'Johnny Unitas',
  'Walter Payton',
  'Barry Sanders',
  'Emmitt Smith',
  'Dan Marino',
  'Justin Herbert',
  'Joe Burrow',
  'Josh Allen',
  'Lamar Jackson',
  'Mario Lemieux',
];
const brands = [
  'Topps',
  'Topps Chrome',
  'Upper Deck',
  'Fleer',
  'Bowman Chrome',
  'Panini Prizm',
  'Donruss',
  'Score',
  'O-Pee-Chee',
  'Leaf',
  'SP Authentic',
  'Panini Select',
  'Stadium Club',
  'Finest',
  'National Treasures',
];
const sportsList = ['baseball', 'basketball', 'football', 'hockey'];

/** 100,000 cards over 1,000 owners plus the member's 2,000, written by PostgreSQL itself (seconds, not minutes). */
export async function fill(client: pg.Client, memberId: string) {
  await client.query(
    `insert into users (phone, name) select '+1999' || lpad(i::text, 7, '0'), 'Bench Owner ' || i from generate_series(1, ${OWNERS}) i`,
  );
  const insertCards = (count: number, ownerSql: string, offset: number) =>
    client.query(
      `insert into cards (owner_id, grader, cert_number, grade, grade_value, year, brand, subject, card_number, sport, estimated_value_cents, custody, created_at, updated_at)
       select ${ownerSql}, (array['PSA','BGS','SGC'])[1 + i % 3], (${offset} + i)::text,
              (array['GEM MT 10','MINT 9','NM-MT 8','NM 7'])[1 + i % 4], 10 - i % 4, 1950 + i % 75,
              ($1::text[])[1 + i % ${brands.length}], ($2::text[])[1 + (i * 7) % ${players.length}], (1 + i % 700)::text,
              ($3::text[])[1 + i % 4], 1000 + (i * 7919) % 50000000, (array['with_owner','in_transit','in_vault'])[1 + i % 3],
              now() - (i || ' minutes')::interval, now()
         from generate_series(1, ${count}) i`,
      [brands, players, sportsList],
    );
  await insertCards(MEMBER_CARDS, `'${memberId}'::uuid`, 50_000_000);
  await insertCards(ALL_CARDS - MEMBER_CARDS, `(select id from users where phone = '+1999' || lpad((1 + i % ${OWNERS})::text, 7, '0'))`, 60_000_000);
  await client.query('analyze');
}

/** One timed request; throws unless it answers 200. */
async function timedGet(url: string, headers: Record<string, string>) {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 200)}`);
  return { ms: performance.now() - t0, bytes: body.byteLength };
}

type Target = { url: string; headers: Record<string, string> };

/**
 * Sequential requests after a warm-up, alternating between the targets one request at a time (the
 * order flipping each round), so a burst of load elsewhere on the machine falls on both sides alike
 * instead of on whichever happened to run during it. Per-target milliseconds.
 */
export async function timeInterleaved(targets: Target[]) {
  for (let i = 0; i < WARMUP; i++) for (const t of targets) await timedGet(t.url, t.headers);
  const samples = targets.map(() => [] as number[]);
  const bytes = targets.map(() => 0);
  for (let i = 0; i < REQUESTS; i++) {
    const order = i % 2 ? [...targets.keys()].reverse() : [...targets.keys()];
    for (const k of order) {
      const r = await timedGet(targets[k].url, targets[k].headers);
      samples[k].push(r.ms);
      bytes[k] = r.bytes;
    }
  }
  return samples.map((s, k) => ({ ...stats(s), bytes: bytes[k] }));
}

/**
 * A bare node:http server that runs the given SQL through a pg pool, one statement after another,
 * and sends one statement's rows as JSON (the last, unless `send` names another).
 */
export async function bareServer(pool: pg.Pool, queries: Statement[], send = queries.length - 1): Promise<{ server: Server; port: number }> {
  const server = createServer(async (_req, res) => {
    try {
      let rows: unknown[] = [];
      for (const [i, q] of queries.entries()) {
        const r = (await pool.query({ name: q.name, text: q.text, values: q.values })).rows;
        if (i === send) rows = r;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ rows }));
    } catch (err) {
      res.writeHead(500);
      res.end(String(err));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The app against the bare baseline, `BENCH_ROUNDS` rounds of `REQUESTS` each (default 1). With
 * several, each round is printed and the result is the median round by round: with the SQL at
 * a few milliseconds, a handful of slow requests in one round decides its p99.
 */
export async function compare(name: string, pool: pg.Pool, ourUrl: string, headers: Record<string, string>, queries: Statement[], send?: number) {
  const bare = await bareServer(pool, queries, send);
  try {
    console.log(`\n${name}, ${REQUESTS} sequential requests each, the two sides alternating${ROUNDS > 1 ? `, ${ROUNDS} rounds` : ''}`);
    type Side = ReturnType<typeof stats> & { bytes: number };
    const rounds: { baseline: Side; ours: Side; p99Ratio: number; p50Ratio: number }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const [baseline, ours] = await timeInterleaved([
        { url: `http://127.0.0.1:${bare.port}/`, headers: {} },
        { url: ourUrl, headers },
      ]);
      rounds.push({ baseline, ours, p99Ratio: baseline.p99 / ours.p99, p50Ratio: baseline.p50 / ours.p50 });
      if (ROUNDS > 1)
        console.log(
          `  round ${r + 1}: bare p99 ${fmt(baseline.p99)} ms, ours p50 ${fmt(ours.p50)} / p99 ${fmt(ours.p99)} ms, ratio ${fmt(baseline.p99 / ours.p99)}`,
        );
    }
    const pick = (f: (x: (typeof rounds)[number]) => number) => median(rounds.map(f));
    const baseline = { p50: pick((x) => x.baseline.p50), p99: pick((x) => x.baseline.p99), bytes: rounds[0].baseline.bytes };
    const ours = { p50: pick((x) => x.ours.p50), p99: pick((x) => x.ours.p99), bytes: rounds[0].ours.bytes };
    const ratio = pick((x) => x.p99Ratio);
    const result = {
      name,
      rounds: rounds.length,
      baseline,
      ours,
      p99Ratio: ratio,
      p50Ratio: pick((x) => x.p50Ratio),
      meetsGoal: ours.p99 <= GOAL_P99_MS && ratio >= GOAL_RATIO,
    };
    const label = ROUNDS > 1 ? ' (medians)' : '';
    console.log(
      `  bare pg + node:http, same SQL${label}   p50 ${fmt(baseline.p50)} ms   p99 ${fmt(baseline.p99)} ms   ${fmt(baseline.bytes / 1024, 0)} KB`,
    );
    console.log(`  ours (Fastify app)${label}              p50 ${fmt(ours.p50)} ms   p99 ${fmt(ours.p99)} ms   ${fmt(ours.bytes / 1024, 0)} KB`);
    console.log(
      `  p99 ${fmt(ours.p99)} ms (goal ≤ ${GOAL_P99_MS}), ratio bare/ours ${fmt(ratio)} (goal ≥ ${GOAL_RATIO}; p50s ${fmt(result.p50Ratio)}) → ${result.meetsGoal ? 'met' : 'MISSED'}`,
    );
    return result;
  } finally {
    await new Promise((r) => bare.server.close(r));
  }
}

/** A statement as the app sends it: named when the app prepares it (decision 123), so the bare side does too. */
export interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}

/** The statements `run` sends through the database's pool, with their names and parameters. */
export async function recordStatements(db: Db, run: () => Promise<unknown>): Promise<Statement[]> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const original = pool.query;
  const seen: Statement[] = [];
  pool.query = ((q: string | { name?: string; text: string; values?: unknown[] }, values?: unknown[]) => {
    seen.push(typeof q === 'string' ? { text: q, values: values ?? [] } : { name: q.name, text: q.text, values: values ?? q.values ?? [] });
    return (original as (...a: unknown[]) => unknown).call(pool, q, values);
  }) as typeof pool.query;
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return seen;
}

async function onPostgres(url: string) {
  const database = await openPostgres(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  // The database is dropped with (force) at the end: an idle client's termination is expected.
  pool.on('error', () => {});
  let app: Awaited<ReturnType<typeof benchApp>>['app'] | undefined;
  try {
    await seed(database.db);
    const member = await sessionFor(database, '+12125550104');
    const admin = await sessionFor(database, '+12125550101');
    const t0 = performance.now();
    await fill(client, member.userId);
    console.log(`\ncards bench: ${ALL_CARDS.toLocaleString()} cards written in ${fmt((performance.now() - t0) / 1000, 1)} s`);
    const [{ n }] = (await client.query('select count(*)::int as n from cards where owner_id = $1', [member.userId])).rows as { n: number }[];
    ({ app } = await benchApp(database));
    const { port } = app.server.address() as AddressInfo;
    const headers = (s: { token: string; userId: string }) => ({ 'X-Auth-Token': s.token, 'X-User-Id': s.userId, 'X-Client-Id': 'web' });

    // The bare side runs exactly the statements one registry read sends (recorded from the service
    // itself, after a request has warmed the settings cache): the narrow read of every card, the
    // market-value look-ups, and the page's cards in full.
    const registryUrl = `http://127.0.0.1:${port}/api/registry`;
    await fetch(registryUrl, { headers: headers(member) });
    const registryStatements = await recordStatements(database.db, () =>
      registry(app!.ctx as unknown as CardsContext, { user: { id: member.userId } } as never, registryQuerySchema.parse({})),
    );
    // The bare server sends the page's rows, as the app sends its cards.
    const input = registryQuerySchema.parse({});
    const [pageStatement] = await recordStatements(database.db, () => registryPage(database.db, member.userId, input, input, []));
    const pageAt = registryStatements.findIndex((q) => q.text === pageStatement.text);
    if (pageAt < 0) throw new Error('the registry page statement was not among those recorded');
    const registry_ = await compare(
      `GET /api/registry page 1 (member with ${n} cards)`,
      pool,
      registryUrl,
      headers(member),
      registryStatements,
      pageAt,
    );
    console.log(`  statements: ${registryStatements.length}`);

    const adminStatements = await recordStatements(database.db, () => adminCardsPage(database.db, { q: QUERY, sort: 'recent', page: 1 }));
    const page = adminStatements.at(-1)!;
    const plan = ((await pool.query(`explain (analyze, costs off, timing off) ${page.text}`, page.values)).rows as { 'QUERY PLAN': string }[]).map(
      (r) => r['QUERY PLAN'],
    );
    const admin_ = await compare(
      `GET /api/admin/cards?q=${QUERY} page 1 (${ALL_CARDS.toLocaleString()} cards)`,
      pool,
      `http://127.0.0.1:${port}/api/admin/cards?q=${QUERY}`,
      headers(admin),
      adminStatements,
    );
    console.log(`  plan:\n    ${plan.join('\n    ')}`);
    return { registry: { ...registry_, statements: registryStatements.length }, adminCards: { ...admin_, plan } };
  } finally {
    await app?.close();
    await pool.end();
    await client.end();
    await database.close();
  }
}

export async function runCards() {
  const url = postgresUrlFromEnv();
  if (!url) {
    console.log('\ncards: skipped (PostgreSQL only: set DATABASE_URL or TEST_DATABASE_URL)');
    return { skipped: 'DATABASE_URL / TEST_DATABASE_URL not set' };
  }
  if (!(await reachable(url))) {
    console.log('\ncards: skipped (PostgreSQL server unreachable)');
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
  await runCards();
  process.exit(0);
}
