import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalPages } from '../../db/schema/platform.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('legal pages', () => {
  it.each(['terms', 'privacy', 'cookies'])('serves the seeded %s page as HTML', async (slug) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/legal/${slug}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.slug).toBe(slug);
    expect(body.version).toBe(1);
    expect(body.html).toMatch(/<h[12]>/);
  });

  it('serves the newest version, sanitized', async () => {
    await t.db.insert(legalPages).values({
      slug: 'cookies',
      version: 2,
      title: 'Cookie Policy',
      markdown: '# Cookies v2\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [ok](https://example.com)',
    });
    const body = (await t.app.inject({ method: 'GET', url: '/api/legal/cookies' })).json();
    expect(body.version).toBe(2);
    expect(body.html).toContain('Cookies v2');
    expect(body.html).not.toMatch(/<script|onerror|href="javascript:/i);
    expect(body.html).toContain('href="https://example.com"');
  });

  it('rejects an unknown slug with field errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/legal/secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', fieldErrors: { slug: expect.any(Array) } });
  });
});
