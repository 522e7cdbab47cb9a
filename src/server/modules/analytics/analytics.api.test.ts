import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../db/schema/platform.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

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
});
