import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { fromPglite, openPostgres, type Database } from '../src/server/db/client.ts';
import { seed } from '../src/server/db/seed.ts';
import { users } from '../src/server/db/schema/users.ts';
import { createSession } from '../src/server/modules/auth/session.service.ts';
import { buildApp } from '../src/server/app.ts';
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
export async function benchDatabase(url?: string): Promise<Database> {
  const database = url ? await openPostgres(url) : await fromPglite(await PGlite.create());
  await seed(database.db);
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
