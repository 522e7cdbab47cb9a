import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { BUSY_MESSAGE, registerLoadShedding } from './load-shedding.ts';

describe('load shedding', () => {
  it('answers 503 with Retry-After at once while the database is behind, and lets health checks through', async () => {
    let load = { waiting: 0, oldestWaitMs: 0 };
    let handled = 0;
    const app = Fastify();
    registerLoadShedding(app, { load: () => load }, { maxWaiting: 10, maxOldestWaitMs: 500, retryAfterSeconds: 1 });
    app.get('/api/cards', async () => (handled++, { ok: true }));
    app.get('/api/health', async () => ({ ok: true }));
    app.get('/', async () => 'page');

    expect((await app.inject('/api/cards')).statusCode).toBe(200);
    for (const behind of [
      { waiting: 11, oldestWaitMs: 0 },
      { waiting: 2, oldestWaitMs: 501 },
    ]) {
      load = behind;
      const res = await app.inject('/api/cards');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ status: 'error', error: BUSY_MESSAGE });
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      expect((await app.inject('/')).statusCode).toBe(200);
    }
    expect(handled).toBe(1); // a shed request does no work
    load = { waiting: 10, oldestWaitMs: 500 };
    expect((await app.inject('/api/cards')).statusCode).toBe(200);
    await app.close();
  });
});

describe('load shedding on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DB_MAX_WAIT_MS: '20' } });
  });
  afterAll(async () => t?.close());

  it('sheds API requests while a statement has held PGlite too long, then serves again', async (ctx) => {
    if (t.database.kind !== 'pglite') ctx.skip(); // PostgreSQL runs statements side by side
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = t.db.transaction(async (q) => {
      await q.execute(sql`select 1`);
      await held;
    });
    await new Promise((r) => setTimeout(r, 40));
    const shed = await t.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    release();
    await tx;
    expect((await t.app.inject({ method: 'GET', url: '/api/public-config' })).statusCode).toBe(200);
  });
});
