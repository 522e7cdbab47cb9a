// One side of bench/settlement.ts, run as a child in a source tree (this one, or the tree from
// before the ledger): N invoices are sent and checked out untimed, then each completion, the
// settlement transaction, is timed through the app. Prints one JSON line of samples (ms).
// Uses only what both trees have: the bench helpers and the HTTP API.
import { sql } from 'drizzle-orm';
import { benchApp, benchDatabase, sessionFor, tempPostgresDatabase } from './support.ts';

const N = Number(process.env.SETTLEMENTS ?? 150);
const pgUrl = process.env.SETTLEMENT_PG_URL;
const temp = pgUrl ? await tempPostgresDatabase(pgUrl) : null;
const database = await benchDatabase(temp?.url, undefined, { demo: false });
const { app } = await benchApp(database);
// Checkout is rate limited per member (30 an hour): a member for every 20 invoices.
const MEMBERS = Math.ceil(N / 20);
await database.db.execute(sql`insert into users (phone, name, is_admin) values ('+12125559901', 'Bench Admin', true)`);
await database.db.execute(
  sql`insert into users (phone, name) select '+1212556' || lpad(i::text, 4, '0'), 'Bench Member ' || i from generate_series(1, ${MEMBERS}) i`,
);
const admin = await sessionFor(database, '+12125559901');
const members = await Promise.all(Array.from({ length: MEMBERS }, (_, i) => sessionFor(database, `+1212556${String(i + 1).padStart(4, '0')}`)));
const headers = (s: { token: string; userId: string }) => ({ 'x-auth-token': s.token, 'x-user-id': s.userId, 'x-client-id': 'web' });

async function call(who: typeof admin, method: 'POST' | 'PATCH', url: string, payload?: unknown) {
  const res = await app.inject({ method, url, headers: headers(who), payload: payload as never });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const sessions: { sid: string; member: typeof admin }[] = [];
for (let i = 0; i < N; i++) {
  const member = members[Math.floor(i / 20)]!;
  const lines = [
    { type: 'fixed', label: 'Grading fee', amountCents: 1_000 + i },
    { type: 'fixed', label: 'Shipping', amountCents: 2_500 },
  ];
  const { invoice } = await call(admin, 'POST', '/api/admin/invoices', { userId: member.userId, lines, dueDate: '2030-01-31' });
  await call(admin, 'PATCH', `/api/admin/invoices/${invoice.id}`, { status: 'sent' });
  const open = await call(member, 'POST', '/api/checkout', { invoiceId: invoice.id });
  sessions.push({ sid: new URL(open.url, 'http://x').searchParams.get('session')!, member });
}
const samples: number[] = [];
for (const { sid, member } of sessions) {
  const t0 = performance.now();
  const done = await call(member, 'POST', `/api/payment-test/${sid}/complete`);
  samples.push(performance.now() - t0);
  if (done.status !== 'succeeded') throw new Error(`settlement ${sid}: ${JSON.stringify(done)}`);
}
await app.close();
await database.close();
await temp?.drop();
console.log(JSON.stringify({ samples }));
process.exit(0);
