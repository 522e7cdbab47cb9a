import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { fromPglite, openPostgres, type Database } from '../db/client.ts';
import { seed } from '../db/seed.ts';
import { buildApp } from '../app.ts';
import type { Clock } from '../context.ts';
import { withDatabase } from './global-setup.ts';

let template: Promise<PGlite> | undefined;

/** A fresh, migrated database: a PGlite clone per call, or a new PostgreSQL database when TEST_DB=postgres. */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const database = await openPostgres(withDatabase(url, name), { runMigrations: false, max: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  // Migrating takes seconds; cloning a migrated instance well under one.
  template ??= (async () => {
    const base = await PGlite.create();
    await (await fromPglite(base)).ping();
    return base;
  })();
  const clone = (await (await template).clone()) as PGlite;
  return fromPglite(clone, { runMigrations: false });
}

export class FakeClock implements Clock {
  constructor(private t = Date.parse('2026-06-01T15:00:00Z')) {}
  now = () => new Date(this.t);
  advance(ms: number) {
    this.t += ms;
  }
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/unused-test-data',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    APP_ORIGIN: 'http://localhost:5000',
    ...overrides,
  });
}

/** An app on a fresh database with the demo seed, a fake clock, and no web assets. */
export async function createTestApp(opts: { env?: Record<string, string>; seedDemo?: boolean } = {}) {
  const database = await createTestDatabase();
  await seed(database.db, { demo: opts.seedDemo ?? true });
  const clock = new FakeClock();
  const config = testConfig(opts.env);
  const app = await buildApp({ config, database, clock, serveWeb: false, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
