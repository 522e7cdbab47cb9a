import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '#server/db/schema/platform.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { PAGE_VIEWS_PER_MINUTE } from './analytics.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('page views', () => {
  it('records a path change without keeping the raw IP', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      payload: { path: '/terms', referrer: 'http://localhost:5000/' },
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.db.select().from(pageViews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path: '/terms', userId: null });
    expect(rows[0].ipHash).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a path that is not a path', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/analytics/page-view', payload: { path: 'http://evil' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.path).toBeDefined();
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      headers: { 'content-type': 'application/json' },
      payload: '{"path":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts|SyntaxError/);
  });

  it('caps a row: a path over 512 characters is refused, a long referrer is cut to 512', async () => {
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      remoteAddress: '10.5.0.1',
      payload: { path: `/${'a'.repeat(512)}` },
    });
    expect(long.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/page-view',
      remoteAddress: '10.5.0.1',
      payload: { path: '/capped', referrer: `http://x/${'r'.repeat(4000)}` },
    });
    expect(res.statusCode).toBe(204);
    const [row] = await t.db.select().from(pageViews).where(eq(pageViews.path, '/capped'));
    expect(row.referrer).toHaveLength(512);
  });

  it(`is limited to ${PAGE_VIEWS_PER_MINUTE} per address per minute: 429 with Retry-After`, async () => {
    const send = (ip: string) => t.app.inject({ method: 'POST', url: '/api/analytics/page-view', remoteAddress: ip, payload: { path: '/flood' } });
    for (let i = 0; i < PAGE_VIEWS_PER_MINUTE; i++) expect((await send('10.6.0.1')).statusCode).toBe(204);
    const limited = await send('10.6.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ status: 'error' });
    expect((await send('10.6.0.2')).statusCode).toBe(204);
    expect(await t.db.select().from(pageViews).where(eq(pageViews.path, '/flood'))).toHaveLength(PAGE_VIEWS_PER_MINUTE + 1);
  });
});
