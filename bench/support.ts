import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { fromPglite, openPostgres, type Database } from '../src/server/db/client.ts';
import { pgliteStartParams } from '../src/server/db/pglite-params.ts';
import { seed } from '../src/server/db/seed.ts';
import { users } from '../src/server/db/schema/users.ts';
import { createSession } from '../src/server/modules/auth/session.service.ts';
import { buildApp } from '../src/server/app.ts';

// autocannon's per-request timer (the retimer package) reschedules by `timeout - elapsed`, which
// goes negative when the load generator's own event loop is starved, and Node then warns about
// it; the timer fires at once, as intended. Every other warning is still printed.
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name !== 'TimeoutNegativeWarning') console.warn(`${w.name}: ${w.message}`);
});
import type { EventBus } from '../src/server/realtime/bus.ts';

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99) };
}

export const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

export function benchConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/bench-data',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    APP_ORIGIN: 'http://localhost:5000',
    SESSION_IDLE_MINUTES: '480',
    ...env,
  });
}

/** A migrated, seeded database: in-memory PGlite, or a PostgreSQL URL. */
export async function benchDatabase(url?: string, client?: PGlite, seedOptions?: Parameters<typeof seed>[1]): Promise<Database> {
  const database = url ? await openPostgres(url) : await fromPglite(client ?? (await PGlite.create({ startParams: pgliteStartParams })));
  await seed(database.db, seedOptions);
  return database;
}

export async function benchApp(database: Database, opts: { bus?: EventBus } = {}) {
  const app = await buildApp({ config: benchConfig(), database, serveWeb: false, logger: false, bus: opts.bus });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, port };
}

/** A session token for a seeded person, made directly (no SMS round trip). */
export async function sessionFor(database: Database, phone: string) {
  const [u] = await database.db.select().from(users).where(eq(users.phone, phone)).limit(1);
  const s = await createSession(database.db, { userId: u.id, now: new Date() });
  return { token: s.token, userId: u.id };
}

// ---------------------------------------------------------------------------------------------
// Process, network and database helpers shared by the benchmarks.

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** A PostgreSQL server to benchmark against, when the environment names one. */
export const postgresUrlFromEnv = () => process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createNetServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Rejects after `ms` with a message naming the step, so a stuck part never hangs the run. */
export function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${label}: timed out after ${Math.round(ms / 1000)} s`)), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a TypeScript file under `node --import tsx` with an IPC channel; output is collected. */
export function spawnTs(
  script: string,
  env: Record<string, string | undefined> = {},
  opts: { cwd?: string; ipc?: boolean; nodeArgs?: string[] } = {},
) {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', script], {
    cwd: opts.cwd ?? repoRoot,
    env: { ...process.env, ...env },
    stdio: opts.ipc === false ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return Object.assign(child, { output: () => output });
}
export type TsChild = ReturnType<typeof spawnTs>;

/** The first IPC message from a child, or its exit/timeout as an error carrying its output. */
export function firstMessage<T>(child: TsChild, timeoutMs = 60_000): Promise<T> {
  return withTimeout(
    new Promise<T>((resolve, reject) => {
      child.once('message', (m) => resolve(m as T));
      child.once('exit', (code) => reject(new Error(`child exited (${code}) before it was ready:\n${child.output().slice(-2000)}`)));
    }),
    timeoutMs,
    'child start',
  );
}

/** SIGTERM, then SIGKILL if the child has not exited in `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `url` until it answers 200; returns the milliseconds since `since` (performance.now()). */
export async function waitFor200(url: string, opts: { since?: number; timeoutMs?: number; child?: TsChild; intervalMs?: number } = {}) {
  const since = opts.since ?? performance.now();
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (opts.child && opts.child.exitCode !== null) throw new Error(`server exited (${opts.child.exitCode}):\n${opts.child.output().slice(-2000)}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in time:\n${opts.child?.output().slice(-2000) ?? ''}`);
    await sleep(opts.intervalMs ?? 10);
  }
}

/** Whether something accepts TCP connections at the host and port of a URL. */
export function reachable(url: string, timeoutMs = 1_500): Promise<boolean> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol.startsWith('redis') ? 6379 : 5432));
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname || '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A fresh database on the PostgreSQL server behind `url`, dropped by `drop()`. */
export async function tempPostgresDatabase(url: string) {
  const name = `bench_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      await c.connect();
      try {
        await c.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export const isMain = (metaUrl: string) => process.argv[1] !== undefined && metaUrl === pathToFileURL(process.argv[1]).href;
