import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/harness.ts';

describe('web app fallback', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>app</title></head><body></body></html>');
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'page-abc123.js'), 'export const page = 1;');
    writeFileSync(join(webDir, 'assets', 'page-abc123.js.br'), brotliCompressSync('export const page = 1;'));
    mkdirSync(join(webDir, '.vite'));
    writeFileSync(
      join(webDir, '.vite', 'route-preloads.json'),
      JSON.stringify({
        layouts: { member: ['/assets/member-layout-1.js'], admin: ['/assets/admin-layout-1.js'] },
        pages: { '/': ['/assets/landing-1.js'], '/dashboard': ['/assets/routes-1.js', '/assets/dashboard-1.js', '/assets/page-1.css'], '/WonderShyneIndex': ['/assets/index-page-1.js'] },
      }),
    );
    t = await createTestApp({ webDir });
  });
  afterAll(() => t.close());

  it('serves the app with 200 on client routes and 404 elsewhere, the page still rendering not-found', async () => {
    for (const url of ['/', '/terms', '/onboarding?invite=1', '/dashboard', '/admin/user-access', '/manager/clients/7c1e']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>app</title>');
    }
    for (const url of ['/no/such/page', '/admin/settings/x', '/marketplace']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>app</title>');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).json()).toEqual({ status: 'error', error: 'Not found' });
  });

  it('serves built files, precompressed and cached for good, and 404s a missing one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/page-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/page-abc123.js' });
    expect(plain.body).toBe('export const page = 1;');
    expect((await t.app.inject({ method: 'GET', url: '/assets/page-gone.js' })).statusCode).toBe(404);
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.headers['cache-control']).toBe('no-cache');
  });

  it("hints the chunks of the path's layout and page, signed-in ones only to a session", async () => {
    const links = (body: string) => [...body.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    const session = { cookie: 'session=abc' };
    const dash = await t.app.inject({ method: 'GET', url: '/dashboard', headers: session });
    expect(dash.headers['content-type']).toMatch(/text\/html/);
    expect(dash.headers['cache-control']).toBe('no-cache');
    expect(links(dash.body)).toEqual(['/assets/member-layout-1.js', '/assets/routes-1.js', '/assets/dashboard-1.js', '/assets/page-1.css']);
    expect(dash.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/page-1.css">');
    // A visitor is sent to sign in, so gets none of the member's chunks.
    expect(links((await t.app.inject({ method: 'GET', url: '/dashboard' })).body)).toEqual([]);
    expect(links((await t.app.inject({ method: 'GET', url: '/' })).body)).toEqual(['/assets/landing-1.js']);
    // The index pages: the public shell for visitors, the member shell when signed in.
    expect(links((await t.app.inject({ method: 'GET', url: '/WonderShyneIndex' })).body)).toEqual(['/assets/index-page-1.js']);
    expect(links((await t.app.inject({ method: 'GET', url: '/WonderShyneIndex', headers: session })).body)).toEqual(['/assets/member-layout-1.js', '/assets/index-page-1.js']);
    // Unknown paths and the build's own lists.
    expect(links((await t.app.inject({ method: 'GET', url: '/no/such/page', headers: session })).body)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/.vite/route-preloads.json' })).statusCode).not.toBe(200);
  });
});
