/**
 * Load and fault tests against the real server on real PostgreSQL and Redis (npm run test:load).
 *
 *  1. load:     LOAD_CONNECTIONS (200) connections for LOAD_SECONDS (60) on a mixed scenario,
 *               split over two server processes sharing one database and one Redis:
 *               sign-in (send-otp → code from the fake Twilio server → verify-otp), reads
 *               (/api/auth/me, /api/legal/terms, /api/user/profile), profile writes with a unique
 *               marker, access requests with unique phones. 0 errors, 0 timeouts, no non-2xx
 *               except intended 429s.
 *  2. database: under load, every database connection of the app is killed again and again
 *               (pg_terminate_backend) for a few seconds: 503 meanwhile (never 500, never a
 *               hang), then full recovery without a restart.
 *  3. redis:    under load, Redis is cut (a TCP proxy in front of it) and restored: each instance
 *               keeps delivering its own sockets' events, and fan-out between them resumes.
 *  Afterwards every acknowledged write (session, profile marker, access request) must be in
 *  PostgreSQL.
 *
 * Run through scripts/test-load.mjs, which checks PostgreSQL and Redis are reachable first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import WebSocket from 'ws';
import { startFakeTwilio, fakeTwilioEnv, type FakeTwilio } from '../../src/server/test/fake-twilio.ts';
import { hashSessionToken } from '../../src/server/modules/auth/session.service.ts';
import { CuttableProxy } from './cuttable-proxy.ts';

const env = process.env;
const TEST_DATABASE_URL = env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LOAD_SECONDS = Number(env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(env.LOAD_CONNECTIONS ?? 200);
const FAULT_SECONDS = Number(env.FAULT_SECONDS ?? 20);
const FAULT_CONNECTIONS = Number(env.FAULT_CONNECTIONS ?? 100);
const WARMUP_SECONDS = Number(env.WARMUP_SECONDS ?? 10);
const DB_DOWN_MS = Number(env.DB_DOWN_MS ?? 3_000);
/** Phones pre-created as members, so that every sign-in in the run uses a fresh phone. */
const MEMBERS = Number(env.LOAD_MEMBERS ?? 40_000);
const PHONE_BASE = 2_000_000;

const problems: string[] = [];
const fail = (msg: string) => {
  problems.push(msg);
  console.error(`✗ ${msg}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

// ---------------------------------------------------------------------------------------------
// The servers

interface Server {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(name: string, port: number, extraEnv: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), `load-${name}-`));
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    out += d;
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited (${child.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server ${name} did not start:\n${out}`);
    await sleep(200);
  }
  return {
    name,
    url,
    port,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(15_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The scenario

/** Everything the servers acknowledged with a 2xx, to look for in the database afterwards. */
const acked = {
  sessions: new Set<string>(),
  /** user id → the last profile marker acknowledged for that user (one connection writes each user). */
  profiles: new Map<string, string>(),
  accessRequests: new Set<string>(),
};

let phoneSeq = 0;
let requestPhoneSeq = 0;
let ipSeq = 0;
let markerSeq = 0;
let skippedSignIns = 0;
const nextIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};
const memberPhone = (i: number) => `+1646${PHONE_BASE + (i % MEMBERS)}`;

/** Codes as the fake Twilio server receives them, by phone. */
const codes = new Map<string, string>();
let scanned = 0;
function codeFor(tw: FakeTwilio, phone: string) {
  for (; scanned < tw.messages.length; scanned++) {
    const m = tw.messages[scanned];
    const code = m.body.match(/\b(\d{6})\b/)?.[1];
    if (code) codes.set(m.to, code);
  }
  return codes.get(phone);
}

type Stats = Map<string, Map<number, number>>;

interface Ctx {
  phone?: string;
  requestPhone?: string;
  token?: string;
  userId?: string;
  marker?: string;
}

function scenario(tw: FakeTwilio, stats: Stats) {
  const count = (name: string, status: number) => {
    let byStatus = stats.get(name);
    if (!byStatus) stats.set(name, (byStatus = new Map()));
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  };
  const json = { 'content-type': 'application/json', 'x-client-id': 'web' };
  const authed = (ctx: Ctx) => ({ 'x-auth-token': ctx.token!, 'x-forwarded-for': nextIp() });
  type Req = NonNullable<autocannon.Options['requests']>[number];
  const step = (name: string, req: Req): Req => ({
    ...req,
    onResponse: (status: number, body: string, context: Ctx) => {
      count(name, status);
      (req.onResponse as ((s: number, b: string, c: Ctx) => void) | undefined)?.(status, body, context);
    },
  });
  const needsSession = (name: string, method: string, path: string, body?: (ctx: Ctx) => unknown, onOk?: (ctx: Ctx, body: string) => void) =>
    step(name, {
      method: method as autocannon.Request['method'],
      path,
      setupRequest: (req: autocannon.Request, context: Ctx) => {
        if (!context.token) return undefined as unknown as autocannon.Request;
        return { ...req, headers: { ...req.headers, ...json, ...authed(context) }, body: body ? JSON.stringify(body(context)) : undefined };
      },
      onResponse: (status: number, b: string, context: Ctx) => {
        if (status >= 200 && status < 300) onOk?.(context, b);
      },
    } as Req);

  return [
    step('POST /api/send-otp', {
      method: 'POST',
      path: '/api/send-otp',
      setupRequest: (req: autocannon.Request, context: Ctx) => {
        context.phone = memberPhone(phoneSeq++);
        return { ...req, headers: { ...req.headers, ...json, 'x-forwarded-for': nextIp() }, body: JSON.stringify({ phone: context.phone }) };
      },
    } as Req),
    step('GET /api/legal/terms', { method: 'GET', path: '/api/legal/terms', headers: { 'x-forwarded-for': '10.255.0.1' } }),
    step('GET /api/public-config', { method: 'GET', path: '/api/public-config' }),
    step('POST /api/request-access', {
      method: 'POST',
      path: '/api/request-access',
      setupRequest: (req: autocannon.Request, context: Ctx) => {
        context.requestPhone = `+1718${PHONE_BASE + ++requestPhoneSeq}`;
        const body = { phone: context.requestPhone, instagram: 'load.test', termsAccepted: true, privacyAccepted: true };
        return { ...req, headers: { ...req.headers, ...json, 'x-forwarded-for': nextIp() }, body: JSON.stringify(body) };
      },
      onResponse: (status: number, _body: string, context: Ctx) => {
        if (status === 200) acked.accessRequests.add(context.requestPhone!);
      },
    } as Req),
    step('POST /api/verify-otp', {
      method: 'POST',
      path: '/api/verify-otp',
      setupRequest: (req: autocannon.Request, context: Ctx) => {
        const otp = context.phone && codeFor(tw, context.phone);
        if (!otp) {
          // The code has not arrived (or send-otp failed): start the loop again.
          skippedSignIns++;
          return undefined as unknown as autocannon.Request;
        }
        return { ...req, headers: { ...req.headers, ...json, 'x-forwarded-for': nextIp() }, body: JSON.stringify({ phone: context.phone, otp }) };
      },
      onResponse: (status: number, body: string, context: Ctx) => {
        if (status !== 200) return;
        const parsed = JSON.parse(body) as { authToken: string; user: { id: string } };
        context.token = parsed.authToken;
        context.userId = parsed.user.id;
        acked.sessions.add(parsed.authToken);
      },
    } as Req),
    needsSession('GET /api/auth/me', 'GET', '/api/auth/me'),
    needsSession('GET /api/user/profile', 'GET', '/api/user/profile'),
    needsSession(
      'PATCH /api/user/profile',
      'PATCH',
      '/api/user/profile',
      (ctx) => {
        ctx.marker = `load-${process.pid}-${++markerSeq}`;
        return { name: ctx.marker };
      },
      (ctx, body) => {
        const name = (JSON.parse(body) as { name: string }).name;
        if (name !== ctx.marker) fail(`profile answer carried ${name}, not the marker ${ctx.marker} just written`);
        acked.profiles.set(ctx.userId!, ctx.marker!);
      },
    ),
    needsSession('GET /api/user/profile (again)', 'GET', '/api/user/profile'),
  ];
}

interface PhaseResult {
  name: string;
  requests: number;
  ok: number;
  tooMany: number;
  otherNon2xx: Map<number, number>;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
  rps: number;
  stats: Stats;
}

const reqErrors: string[] = [];

async function load(name: string, servers: Server[], tw: FakeTwilio, connections: number, seconds: number): Promise<PhaseResult> {
  const stats: Stats = new Map();
  const per = Math.max(1, Math.floor(connections / servers.length));
  const runs = await Promise.all(
    servers.map(
      (s) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon(
            { url: s.url, connections: per, duration: seconds, timeout: 10, requests: scenario(tw, stats) },
            (err, result) => (err ? reject(err) : resolve(result)),
          );
          instance.on('error', reject);
          const t0 = Date.now();
          instance.on('reqError', (err: Error) => {
            if (reqErrors.length < 10) reqErrors.push(`${name} on ${s.name} at ${((Date.now() - t0) / 1000).toFixed(1)} s: ${err.message}`);
          });
        }),
    ),
  );
  const otherNon2xx = new Map<number, number>();
  let ok = 0;
  let tooMany = 0;
  for (const byStatus of stats.values()) {
    for (const [status, n] of byStatus) {
      if (status >= 200 && status < 300) ok += n;
      else if (status === 429) tooMany += n;
      else otherNon2xx.set(status, (otherNon2xx.get(status) ?? 0) + n);
    }
  }
  const sum = (f: (r: autocannon.Result) => number) => runs.reduce((a, r) => a + f(r), 0);
  return {
    name,
    requests: sum((r) => r.requests.total),
    ok,
    tooMany,
    otherNon2xx,
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    rps: Math.round(sum((r) => r.requests.average)),
    stats,
  };
}

function report(r: PhaseResult) {
  const other = [...r.otherNon2xx].map(([s, n]) => `${s}×${n}`).join(', ') || '0';
  console.log(
    `\n[${r.name}] requests ${r.requests} (${r.rps}/s) · 2xx ${r.ok} · 429 ${r.tooMany} · other non-2xx ${other} · errors ${r.errors} · timeouts ${r.timeouts} · p50 ${r.p50} ms · p99 ${r.p99} ms`,
  );
  for (const [route, byStatus] of [...r.stats].sort()) {
    console.log(
      `    ${route.padEnd(32)} ${[...byStatus]
        .sort()
        .map(([s, n]) => `${s}:${n}`)
        .join('  ')}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Faults

async function killConnectionsFor(admin: pg.Client, dbName: string, ms: number) {
  let killed = 0;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const res = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
    killed += res.rowCount ?? 0;
    await sleep(50);
  }
  return killed;
}

interface LiveSocket {
  ws: WebSocket;
  events: Array<{ type: string }>;
}

async function liveSocket(server: Server, origin: string, token: string): Promise<LiveSocket> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { origin });
  const events: Array<{ type: string }> = [];
  ws.on('message', (d) => events.push(JSON.parse(d.toString())));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'auth', token }));
  const deadline = Date.now() + 10_000;
  while (!events.some((e) => e.type === 'auth_success')) {
    if (Date.now() > deadline) throw new Error(`socket on ${server.name} was not authenticated`);
    await sleep(50);
  }
  return { ws, events };
}

async function signInOver(server: Server, tw: FakeTwilio, phone: string) {
  const since = tw.messages.length;
  const headers = { 'content-type': 'application/json', 'x-client-id': 'web', 'x-forwarded-for': nextIp() };
  const sent = await fetch(`${server.url}/api/send-otp`, { method: 'POST', headers, body: JSON.stringify({ phone }) });
  if (!sent.ok) throw new Error(`send-otp ${sent.status}`);
  const otp = await tw.waitForCode(phone, { since });
  const res = await fetch(`${server.url}/api/verify-otp`, { method: 'POST', headers, body: JSON.stringify({ phone, otp }) });
  if (!res.ok) throw new Error(`verify-otp ${res.status}`);
  return ((await res.json()) as { authToken: string }).authToken;
}

async function patchProfile(server: Server, token: string, name: string) {
  const res = await fetch(`${server.url}/api/user/profile`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-client-id': 'web', 'x-auth-token': token },
    body: JSON.stringify({ name }),
  });
  return res.status;
}

const profileEvents = (s: LiveSocket) => s.events.filter((e) => e.type === 'profile_updated').length;

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number, every = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) {
      fail(what);
      return false;
    }
    await sleep(every);
  }
}

// ---------------------------------------------------------------------------------------------

async function verifyAcknowledged(db: pg.Client) {
  const chunks = <T>(xs: T[], n = 5_000) => Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, (i + 1) * n));

  let sessionsFound = 0;
  for (const part of chunks([...acked.sessions].map(hashSessionToken))) {
    sessionsFound += Number((await db.query('SELECT count(*)::int AS n FROM sessions WHERE token_hash = ANY($1)', [part])).rows[0].n);
  }
  let profilesFound = 0;
  const wrong: string[] = [];
  for (const part of chunks([...acked.profiles.keys()])) {
    const rows = (await db.query<{ id: string; name: string | null }>('SELECT id, name FROM users WHERE id = ANY($1::uuid[])', [part])).rows;
    for (const row of rows) {
      if (row.name === acked.profiles.get(row.id)) profilesFound++;
      else if (wrong.length < 5) wrong.push(`${row.id}: ${row.name} ≠ ${acked.profiles.get(row.id)}`);
    }
  }
  let requestsFound = 0;
  for (const part of chunks([...acked.accessRequests])) {
    requestsFound += Number((await db.query('SELECT count(*)::int AS n FROM access_requests WHERE phone = ANY($1)', [part])).rows[0].n);
  }
  const line = (what: string, found: number, total: number) => `${what} ${found}/${total}`;
  console.log(
    `\nacknowledged writes found in PostgreSQL: ${line('sessions', sessionsFound, acked.sessions.size)} · ${line('profile markers', profilesFound, acked.profiles.size)} · ${line('access requests', requestsFound, acked.accessRequests.size)}`,
  );
  if (sessionsFound !== acked.sessions.size) fail(`${acked.sessions.size - sessionsFound} acknowledged sign-ins have no session row`);
  if (profilesFound !== acked.profiles.size)
    fail(`${acked.profiles.size - profilesFound} acknowledged profile writes are missing, e.g. ${wrong.join('; ')}`);
  if (requestsFound !== acked.accessRequests.size) fail(`${acked.accessRequests.size - requestsFound} acknowledged access requests are missing`);
  if (!acked.sessions.size || !acked.profiles.size || !acked.accessRequests.size)
    fail('a kind of write was never acknowledged: the scenario did not run');
  return { sessionsFound, profilesFound, requestsFound };
}

function judgeLoad(r: PhaseResult, allow: { status503?: boolean } = {}) {
  if (r.errors) fail(`[${r.name}] ${r.errors} socket errors`);
  if (r.timeouts) fail(`[${r.name}] ${r.timeouts} timeouts`);
  for (const [status, n] of r.otherNon2xx) {
    if (status === 503 && allow.status503) continue;
    fail(`[${r.name}] ${n} answers with status ${status}`);
  }
  if (r.ok === 0) fail(`[${r.name}] no request succeeded`);
}

async function main() {
  const started = Date.now();
  const dbName = `load_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const databaseUrl = withDatabase(TEST_DATABASE_URL, dbName);
  const servers: Server[] = [];
  const sockets: LiveSocket[] = [];
  let tw: FakeTwilio | undefined;
  const redisProxy = CuttableProxy.for(REDIS_URL, 6379);
  let db: pg.Client | undefined;
  try {
    tw = await startFakeTwilio();
    await redisProxy.start();
    const [portA, portB] = [await freePort(), await freePort()];
    const origin = `http://127.0.0.1:${portA}`;
    const serverEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisProxy.url(REDIS_URL),
      SESSION_SECRET: 'load-test-secret-load-test-secret-0123456789',
      APP_ORIGIN: origin,
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      PAYMENT_PROVIDER: 'test',
      ALLOW_TEST_PAYMENTS: 'true',
      ...fakeTwilioEnv(tw),
    };
    // One at a time: the first applies the migrations.
    servers.push(await startServer('A', portA, serverEnv));
    servers.push(await startServer('B', portB, serverEnv));
    // Our own connections to the load database are closed before the faults, which kill every one.
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    await setup.query(
      `INSERT INTO users (phone, name) SELECT '+1646' || (${PHONE_BASE} + g), NULL FROM generate_series(0, ${MEMBERS - 1}) g ON CONFLICT DO NOTHING`,
    );
    await setup.end();
    console.log(
      `database ${dbName}; servers A ${servers[0].url} and B ${servers[1].url} (pids ${servers.map((s) => s.child.pid).join(', ')}); Redis through ${redisProxy.port}; ${MEMBERS} members`,
    );

    // 0. Warm-up: a server in service has compiled its code paths and filled its pools.
    const warm = await load('warm-up', servers, tw, 50, WARMUP_SECONDS);
    report(warm);
    judgeLoad(warm);

    // 1. Load.
    console.log(`\n--- load: ${CONNECTIONS} connections for ${LOAD_SECONDS} s over both instances`);
    const main = await load('load', servers, tw, CONNECTIONS, LOAD_SECONDS);
    report(main);
    judgeLoad(main);

    // 2. Database connections killed under load.
    console.log(`\n--- database: every connection of the app killed for ${DB_DOWN_MS} ms under ${FAULT_CONNECTIONS} connections`);
    const faultRun = load('database fault', servers, tw, FAULT_CONNECTIONS, FAULT_SECONDS);
    await sleep(Math.min(5_000, (FAULT_SECONDS * 1000) / 4));
    const killed = await killConnectionsFor(admin, dbName, DB_DOWN_MS);
    const fault = await faultRun;
    report(fault);
    console.log(`    backends terminated: ${killed}`);
    judgeLoad(fault, { status503: true });
    const unavailable = fault.otherNon2xx.get(503) ?? 0;
    if (!killed) fail('[database fault] no backend was terminated');
    if (!unavailable) fail('[database fault] no 503 while the connections were being killed: the fault did not reach the API');

    // Recovery, with the same processes.
    await until('the API did not recover after the database fault', async () => (await fetch(`${servers[0].url}/api/health`)).ok, 15_000);
    const recovery = await load('after database fault', servers, tw, 50, 5);
    report(recovery);
    judgeLoad(recovery);
    for (const s of servers) if (s.child.exitCode !== null) fail(`server ${s.name} exited during the database fault`);

    // 3. Redis cut and restored under two instances, under load.
    console.log('\n--- redis: cut and restored under load, with a member’s socket on each instance');
    const token = await signInOver(servers[0], tw, '+12125550103');
    const onA = await liveSocket(servers[0], origin, token);
    const onB = await liveSocket(servers[1], origin, token);
    sockets.push(onA, onB);
    const redisLoad = load('redis fault', servers, tw, 50, 12);
    let marker = 0;
    // Fan-out works: a write on A reaches the socket on B.
    const beforeB = profileEvents(onB);
    if ((await patchProfile(servers[0], token, `redis-${++marker}`)) !== 200) fail('profile write on A failed before the Redis cut');
    await until('fan-out A → B did not work before the Redis cut', () => profileEvents(onB) > beforeB, 10_000, 50);

    await redisProxy.cut();
    await sleep(500);
    const [a0, b0] = [profileEvents(onA), profileEvents(onB)];
    const writeA = await patchProfile(servers[0], token, `redis-${++marker}`);
    const writeB = await patchProfile(servers[1], token, `redis-${++marker}`);
    if (writeA !== 200 || writeB !== 200) fail(`profile writes while Redis was down answered ${writeA} (A) and ${writeB} (B)`);
    await until('with Redis down, A did not deliver its own event to its own socket', () => profileEvents(onA) > a0, 5_000, 50);
    await until('with Redis down, B did not deliver its own event to its own socket', () => profileEvents(onB) > b0, 5_000, 50);
    console.log('    Redis down: each instance delivered its own events to its own sockets');
    await sleep(2_000);

    await redisProxy.restore();
    const resumedAt = Date.now();
    const fanOut = await until(
      'fan-out A → B did not resume after Redis came back',
      async () => {
        const seen = profileEvents(onB);
        await patchProfile(servers[0], token, `redis-${++marker}`);
        await sleep(300);
        // B's own socket only hears about writes on A through Redis.
        return profileEvents(onB) > seen;
      },
      20_000,
      100,
    );
    if (fanOut) console.log(`    Redis back: fan-out A → B resumed after ${Date.now() - resumedAt} ms`);
    const redisRun = await redisLoad;
    report(redisRun);
    judgeLoad(redisRun);
    for (const s of servers) if (s.child.exitCode !== null) fail(`server ${s.name} exited during the Redis fault`);

    // 4. Nothing acknowledged was lost.
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const verified = await verifyAcknowledged(db);

    // Summary.
    const phases = [warm, main, fault, recovery, redisRun];
    console.log('\n=== load and fault summary');
    console.log('phase                  requests   2xx      429   other non-2xx   errors  timeouts  p50 ms  p99 ms');
    for (const r of phases) {
      const other = [...r.otherNon2xx].map(([s, n]) => `${s}×${n}`).join(',') || '0';
      console.log(
        `${r.name.padEnd(22)} ${String(r.requests).padStart(8)} ${String(r.ok).padStart(7)} ${String(r.tooMany).padStart(6)}   ${other.padEnd(14)} ${String(r.errors).padStart(6)} ${String(r.timeouts).padStart(9)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)}`,
      );
    }
    console.log(
      `acknowledged writes verified: ${verified.sessionsFound + verified.profilesFound + verified.requestsFound}/${acked.sessions.size + acked.profiles.size + acked.accessRequests.size} (sign-ins skipped while a code was on its way: ${skippedSignIns})`,
    );
    console.log(`database fault: ${killed} backends terminated, ${unavailable} answers were 503, 0 allowed as 500`);
    console.log(`took ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    for (const s of sockets) s.ws.terminate();
    const logs = servers.map((s) => s.output()).join('\n');
    for (const s of servers) await s.stop();
    if (problems.length && logs.trim()) console.error(`\nserver output (tail):\n${logs.slice(-5_000)}`);
    await redisProxy.cut().catch(() => {});
    await tw?.close();
    await db?.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err) => console.error(`could not drop ${dbName}: ${err.message}`));
    await admin.end();
  }
  if (reqErrors.length) console.error(`\nfirst request errors:\n  ${reqErrors.join('\n  ')}`);
  if (problems.length) {
    console.error(`\n✗ load and fault tests: ${problems.length} problem(s)\n  - ${problems.join('\n  - ')}`);
    process.exit(1);
  }
  console.log('\n✓ load and fault tests passed');
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
