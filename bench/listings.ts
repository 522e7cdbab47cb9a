// Private MarketPlace on PostgreSQL: GET /api/listings with three filters and a text query over
// 100,000 open listings, timed end to end over HTTP beside the same SQL run bare through `pg`
// (bench/cards.ts's comparison), and 50 concurrent buyers on one listing: exactly one wins the
// reservation and, once paid, exactly one sale is written, with no 5xx.
// Needs DATABASE_URL or TEST_DATABASE_URL (a fresh database, dropped afterwards); else skipped.
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { listingsQuerySchema } from '../src/common/marketplace.ts';
import { openPostgres } from '../src/server/db/client.ts';
import { seed } from '../src/server/db/seed.ts';
import { houseAccountId } from '../src/server/modules/cards/house-account.ts';
import { listingsPage } from '../src/server/modules/marketplace/listings.queries.ts';
import { compare, recordStatements } from './cards.ts';
import { benchApp, fmt, isMain, postgresUrlFromEnv, reachable, sessionFor, tempPostgresDatabase, withTimeout } from './support.ts';

const LISTINGS = 100_000;
const BUYERS = 50;
const QUERY = 'q=griffey&sport=baseball&grader=PSA&minPriceCents=50000';

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
  'Aaron Judge',
  'Willie Mays',
  'Babe Ruth',
  'Connor McDavid',
];
const brands = ['Topps', 'Topps Chrome', 'Upper Deck', 'Fleer', 'Bowman Chrome', 'Panini Prizm', 'Donruss', 'Score', 'O-Pee-Chee', 'Leaf'];
const sportsList = ['baseball', 'basketball', 'football', 'hockey'];

/** 100,000 vaulted house cards, each held by an open listing (1 in 50 featured), written by PostgreSQL itself. */
export async function fill(client: pg.Client, houseId: string) {
  await client.query(
    `insert into cards (owner_id, grader, cert_number, grade, grade_value, year, brand, subject, card_number, sport, estimated_value_cents, custody, created_at, updated_at)
     select $4::uuid, (array['PSA','BGS','SGC'])[1 + i % 3], (70000000 + i)::text,
            (array['GEM MT 10','MINT 9','NM-MT 8','NM 7'])[1 + i % 4], 10 - i % 4, 1950 + i % 75,
            ($1::text[])[1 + i % ${brands.length}], ($2::text[])[1 + (i * 7) % ${players.length}], (1 + i % 700)::text,
            ($3::text[])[1 + i % 4], 1000 + (i * 7919) % 50000000, 'in_vault', now() - (i || ' minutes')::interval, now()
       from generate_series(1, ${LISTINGS}) i`,
    [brands, players, sportsList, houseId],
  );
  await client.query(
    `insert into listings (card_id, seller_id, price_cents, status, featured_until, created_at, updated_at)
     select id, null, estimated_value_cents, 'active', case when row_number() over () % 50 = 0 then now() + interval '7 days' end, created_at, now()
       from cards where owner_id = $1 and custody = 'in_vault' and hold_kind is null`,
    [houseId],
  );
  await client.query(`update cards c set hold_kind = 'listing', hold_ref = l.id from listings l where l.card_id = c.id and c.owner_id = $1`, [
    houseId,
  ]);
  await client.query('analyze');
}

async function race(port: number, database: Awaited<ReturnType<typeof openPostgres>>, client: pg.Client, houseId: string) {
  await client.query(
    `insert into users (phone, name) select '+1888' || lpad(i::text, 7, '0'), 'Bench Buyer ' || i from generate_series(1, ${BUYERS}) i`,
  );
  const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => sessionFor(database, `+1888${String(i + 1).padStart(7, '0')}`)));
  const [{ id: listingId }] = (
    await client.query(`select l.id from listings l join cards c on c.id = l.card_id where c.owner_id = $1 and l.status = 'active' limit 1`, [
      houseId,
    ])
  ).rows as { id: string }[];
  const headers = (s: { token: string; userId: string }) => ({ 'X-Auth-Token': s.token, 'X-User-Id': s.userId, 'X-Client-Id': 'web' });
  const json = (s: { token: string; userId: string }) => ({ ...headers(s), 'content-type': 'application/json' });
  const base = `http://127.0.0.1:${port}`;
  const results = await Promise.all(
    buyers.map((b) =>
      fetch(`${base}/api/listings/${listingId}/reserve`, { method: 'POST', headers: headers(b) }).then(async (r) => ({
        b,
        status: r.status,
        body: (await r.json()) as { invoiceId?: string },
      })),
    ),
  );
  const codes = results.reduce<Record<number, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});
  const winners = results.filter((r) => r.status === 200);
  let paid = false;
  if (winners.length === 1) {
    const w = winners[0]!;
    const open = (await (
      await fetch(`${base}/api/checkout`, { method: 'POST', headers: json(w.b), body: JSON.stringify({ invoiceId: w.body.invoiceId }) })
    ).json()) as { url: string };
    const sid = new URL(open.url, base).searchParams.get('session')!;
    // Completed twice: the second settles nothing more.
    for (let i = 0; i < 2; i++) await fetch(`${base}/api/payment-test/${sid}/complete`, { method: 'POST', headers: headers(w.b) });
    paid = true;
  }
  const [{ n }] = (await client.query('select count(*)::int as n from sales where listing_id = $1', [listingId])).rows as { n: number }[];
  const fiveXx = results.filter((r) => r.status >= 500).length;
  const ok = winners.length === 1 && n === 1 && fiveXx === 0 && paid;
  console.log(
    `\n${BUYERS} concurrent buyers on one listing: ${JSON.stringify(codes)} → ${winners.length} reservation, ${n} sale, ${fiveXx} 5xx → ${ok ? 'met' : 'MISSED'}`,
  );
  return { codes, reservations: winners.length, sales: n, fiveXx, meetsGoal: ok };
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
    const houseId = await houseAccountId(database.db);
    const t0 = performance.now();
    await fill(client, houseId);
    console.log(`\nlistings bench: ${LISTINGS.toLocaleString()} listings written in ${fmt((performance.now() - t0) / 1000, 1)} s`);
    ({ app } = await benchApp(database));
    const { port } = app.server.address() as AddressInfo;
    const headers = { 'X-Auth-Token': member.token, 'X-User-Id': member.userId, 'X-Client-Id': 'web' };
    const query = listingsQuerySchema.parse(Object.fromEntries(new URLSearchParams(QUERY)));
    // The bare run sends the statement the app sends (its name, text and values, with the same
    // "now" for the featured-first order).
    const [page] = await recordStatements(database.db, () => listingsPage(database.db, query, new Date()));
    const plan = ((await pool.query(`explain (analyze, costs off, timing off) ${page.text}`, page.values)).rows as { 'QUERY PLAN': string }[]).map(
      (r) => r['QUERY PLAN'],
    );
    const browse = await compare(
      `GET /api/listings?${QUERY} (${LISTINGS.toLocaleString()} listings)`,
      pool,
      `http://127.0.0.1:${port}/api/listings?${QUERY}`,
      headers,
      [page],
    );
    console.log(`  plan:\n    ${plan.join('\n    ')}`);
    const buyers = await race(port, database, client, houseId);
    return { browse: { ...browse, plan }, buyers };
  } finally {
    await app?.close();
    await pool.end();
    await client.end();
    await database.close();
  }
}

export async function runListings() {
  const url = postgresUrlFromEnv();
  if (!url) {
    console.log('\nlistings: skipped (PostgreSQL only: set DATABASE_URL or TEST_DATABASE_URL)');
    return { skipped: 'DATABASE_URL / TEST_DATABASE_URL not set' };
  }
  if (!(await reachable(url))) {
    console.log('\nlistings: skipped (PostgreSQL server unreachable)');
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
  await runListings();
  process.exit(0);
}
