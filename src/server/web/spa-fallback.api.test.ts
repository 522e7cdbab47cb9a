import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '#server/db/schema/users.ts';
import { hashSessionToken } from '#server/modules/auth/index.ts';
import { PAGE_CONFIG_ID, PAGE_SESSION_ID } from '#common/page-session.ts';
import { settings } from '#server/db/schema/platform.ts';
import { createTestApp, signIn } from '#server/test/harness.ts';

describe('web app fallback', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html><head><title>app</title>\n<link rel="preload" as="font" type="font/woff2" href="/assets/inter-latin-1.woff2" crossorigin="">\n</head><body><div id="root"></div></body></html>',
    );
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'assets', 'page-abc123.js'), 'export const page = 1;');
    writeFileSync(join(webDir, 'assets', 'page-abc123.js.br'), brotliCompressSync('export const page = 1;'));
    mkdirSync(join(webDir, '.vite'));
    writeFileSync(
      join(webDir, '.vite', 'route-preloads.json'),
      JSON.stringify({
        layouts: { member: ['/assets/member-layout-1.js'], admin: ['/assets/admin-layout-1.js'] },
        pages: {
          '/': ['/assets/landing-1.js'],
          '/dashboard': ['/assets/routes-1.js', '/assets/dashboard-1.js', '/assets/page-1.css'],
          '/WonderShyneIndex': ['/assets/index-page-1.js'],
          '/shared/:token': ['/assets/shared-card-1.js'],
        },
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
    const fontPreloads = (body: string) => body.match(/<link rel="preload" as="font"/g)?.length ?? 0;
    const links = (body: string) => [...body.matchAll(/<link rel="(?:modulepreload|preload)"(?! as="font")[^>]*href="([^"]+)"/g)].map((m) => m[1]);
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
    expect(links((await t.app.inject({ method: 'GET', url: '/WonderShyneIndex', headers: session })).body)).toEqual([
      '/assets/member-layout-1.js',
      '/assets/index-page-1.js',
    ]);
    // A shared card's page too, with its preview tags (an unknown token: not found, still hinted).
    const shared = await t.app.inject({ method: 'GET', url: '/shared/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(shared.statusCode).toBe(404);
    expect(links(shared.body)).toEqual(['/assets/shared-card-1.js']);
    expect(fontPreloads(shared.body)).toBe(1);
    // The web fonts are preloaded on public pages only (decision 125).
    expect(fontPreloads((await t.app.inject({ method: 'GET', url: '/' })).body)).toBe(1);
    expect(fontPreloads((await t.app.inject({ method: 'GET', url: '/terms', headers: session })).body)).toBe(1);
    expect(fontPreloads((await t.app.inject({ method: 'GET', url: '/dashboard' })).body)).toBe(1); // a visitor, sent to sign in
    expect(fontPreloads(dash.body)).toBe(0);
    expect(fontPreloads((await t.app.inject({ method: 'GET', url: '/admin/user-access', headers: session })).body)).toBe(0);
    // Unknown paths and the build's own lists.
    expect(links((await t.app.inject({ method: 'GET', url: '/no/such/page', headers: session })).body)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/.vite/route-preloads.json' })).statusCode).not.toBe(200);
  });

  describe('the signed-in user in the page', () => {
    const MEMBER = '+12125550103';
    const pageSession = (body: string) => {
      const m = body.match(new RegExp(`<script type="application/json" id="${PAGE_SESSION_ID}">([^<]*)</script>`));
      return m ? (JSON.parse(m[1]) as Record<string, unknown>) : null;
    };

    it("carries /api/auth/me's answer on a signed-in page, uncacheable", async () => {
      const s = await signIn(t, MEMBER);
      const cookie = { cookie: `session=${s.cookie}` };
      const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: cookie });
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: s.headers });
      expect(pageSession(page.body)).toEqual(me.json());
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers.vary).toMatch(/cookie/i);
      // The index pages open in the member shell for a session.
      expect(pageSession((await t.app.inject({ method: 'GET', url: '/WonderShyneIndex', headers: cookie })).body)).toMatchObject({ id: s.userId });
      // Public pages do not look the session up.
      for (const url of ['/', '/terms']) {
        const res = await t.app.inject({ method: 'GET', url, headers: cookie });
        expect(pageSession(res.body), url).toBeNull();
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it('carries nothing for a visitor, an unknown token, a revoked session or a suspended user', async () => {
      const none = async (headers: Record<string, string>) => {
        const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(PAGE_SESSION_ID);
        expect(res.headers['cache-control']).toBe('no-cache');
      };
      await none({});
      await none({ cookie: 'session=not-a-session' });
      const revoked = await signIn(t, MEMBER);
      await t.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashSessionToken(revoked.token)));
      t.app.ctx.sessionCache.clear();
      await none({ cookie: `session=${revoked.cookie}` });
      const suspended = await signIn(t, MEMBER);
      await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.userId));
      t.app.ctx.sessionCache.clear();
      await none({ cookie: `session=${suspended.cookie}` });
      await t.db.update(users).set({ status: 'active' }).where(eq(users.id, suspended.userId));
    });

    it('cannot be broken out of: markup in a name stays inside the JSON', async () => {
      const s = await signIn(t, MEMBER);
      const name = '</script><script>alert(1)</script><!-- $& \u2028';
      await t.db.update(users).set({ name }).where(eq(users.id, s.userId));
      t.app.ctx.sessionCache.clear();
      const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: `session=${s.cookie}` } });
      expect(page.body.match(/<script/g)).toHaveLength(2); // only the JSON blocks themselves (the session, the public config)
      expect(page.body).not.toContain('</script><script>');
      expect(pageSession(page.body)).toMatchObject({ id: s.userId, name });
      await t.db.update(users).set({ name: 'Casey Collector' }).where(eq(users.id, s.userId));
    });

    it('still opens the page when the session lookup fails', async () => {
      const s = await signIn(t, MEMBER);
      const cache = t.app.ctx.sessionCache;
      const get = cache.get.bind(cache);
      cache.get = () => {
        throw new Error('database unavailable');
      };
      try {
        const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: `session=${s.cookie}` } });
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain(PAGE_SESSION_ID);
        expect(page.headers['cache-control']).toBe('no-cache');
      } finally {
        cache.get = get;
      }
    });
  });
  describe('the public config in the page', () => {
    const pageConfig = (body: string) => {
      const m = body.match(new RegExp(`<script type="application/json" id="${PAGE_CONFIG_ID}">([^<]*)</script>`));
      return m ? (JSON.parse(m[1]) as Record<string, unknown>) : null;
    };

    it("carries /api/public-config's answer on every page, a visitor's cacheable one included", async () => {
      const api = (await t.app.inject({ method: 'GET', url: '/api/public-config' })).json();
      for (const url of ['/', '/terms', '/wsi', '/dashboard', '/no/such/page']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(pageConfig(res.body), url).toEqual(api);
      }
      expect((await t.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
      const s = await signIn(t, '+12125550103');
      const dash = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: `session=${s.cookie}` } });
      expect(pageConfig(dash.body)).toEqual(api);
      expect(dash.body).toContain(PAGE_SESSION_ID);
    });

    it('follows a change of the support contact and cannot be broken out of', async () => {
      const hours = '</script><script>alert(1)</script><!-- $& \u2028 9-5';
      const support = { email: 'help@example.com', phone: '+1 212 555 0100', hours };
      await t.db
        .insert(settings)
        .values({ key: 'support', value: support })
        .onConflictDoUpdate({ target: settings.key, set: { value: support } });
      t.app.ctx.settingsCache.clear();
      try {
        const page = await t.app.inject({ method: 'GET', url: '/terms' });
        expect(page.body.match(/<script/g)).toHaveLength(1); // only the JSON block itself
        expect(page.body).not.toContain('</script><script>');
        expect(pageConfig(page.body)).toMatchObject({ support });
      } finally {
        await t.db.delete(settings).where(eq(settings.key, 'support'));
        t.app.ctx.settingsCache.clear();
      }
    });

    it('still opens the page without it when the settings cannot be read', async () => {
      const cache = t.app.ctx.settingsCache;
      const get = cache.get.bind(cache);
      cache.get = () => {
        throw new Error('database unavailable');
      };
      try {
        const page = await t.app.inject({ method: 'GET', url: '/' });
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain(PAGE_CONFIG_ID);
      } finally {
        cache.get = get;
      }
    });
  });
});
