import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.ts';
import { seed } from '../src/server/db/seed.ts';
import { houseAccountId } from '../src/server/modules/cards/house-account.ts';
import { fill as fillListings } from './listings.ts';
import { fill as fillCards } from './cards.ts';
import { benchApp, sessionFor, tempPostgresDatabase } from './support.ts';
const which = process.argv[2] ?? 'listings';
const temp = await tempPostgresDatabase('postgres://postgres@127.0.0.1:5432/postgres');
const database = await openPostgres(temp.url);
const client = new pg.Client({ connectionString: temp.url });
await client.connect();
await seed(database.db);
const m = await sessionFor(database, '+12125550104');
const a = await sessionFor(database, '+12125550101');
let path = '/api/listings?q=griffey&sport=baseball&grader=PSA&minPriceCents=50000',
  s = m;
if (which === 'listings') await fillListings(client, await houseAccountId(database.db));
else {
  await fillCards(client, m.userId);
  path = which === 'admin' ? '/api/admin/cards?q=griffey' : '/api/registry';
  s = which === 'admin' ? a : m;
}
const { app, port } = await benchApp(database);
const h = { 'X-Auth-Token': s.token, 'X-User-Id': s.userId, 'X-Client-Id': 'web' };
const get = async () => {
  const r = await fetch(`http://127.0.0.1:${port}${path}`, { headers: h });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(String(r.status));
};
for (let i = 0; i < 200; i++) await get();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const t = performance.now();
const N = 1500;
for (let i = 0; i < N; i++) await get();
console.log(which, 'mean ms', ((performance.now() - t) / N).toFixed(2));
const { profile } = await session.post('Profiler.stop');
writeFileSync(`/tmp/prof-${which}/x.cpuprofile`, JSON.stringify(profile));
await app.close();
await client.end();
await database.close();
await temp.drop();
process.exit(0);
