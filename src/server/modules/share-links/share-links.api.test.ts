import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CONFIG_ID, PAGE_SHARED_CARD_ID } from '#common/page-session.ts';
import type { CardShareLinksResponse, CreatedShareLink, ShareAnalytics } from '#common/share-links.ts';
import { shareMessages } from '#common/share-links.ts';
import { shareLinks, shareViews } from '#server/db/schema/share-links.ts';
import { multipartBody, tinyPng } from '#server/test/files.ts';
import { createCard, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let dataDir: string;
let admin: SignedInUser;
let owner: SignedInUser;
let other: SignedInUser;

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'share-test-'));
  const webDir = join(dataDir, 'web');
  mkdirSync(webDir);
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>app</title>\n</head><body><div id="root"></div></body></html>');
  t = await createTestApp({ seedDemo: false, env: { DATA_DIR: dataDir }, webDir });
  admin = await signedInAdmin(t, { name: 'Vault Admin' });
  owner = await signedInMember(t, { name: 'Riley Owner', phone: '+12065550142' });
  other = await signedInMember(t, { name: 'Other Member' });
});
afterAll(async () => {
  await t?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Moves the clock, then signs everyone in again (sessions time out when idle). */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const who of [admin, owner, other]) Object.assign(who, await signIn(t, who.phone));
}

const api = (who: SignedInUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers, payload: payload as never });

/** A stranger: no session, a browser's user agent, an address of their own. */
const visit = (token: string, opts: { ip?: string; ua?: string; ref?: string } = {}) =>
  t.rawInject({
    method: 'GET',
    url: `/api/shared/${token}${opts.ref ? `?ref=${encodeURIComponent(opts.ref)}` : ''}`,
    headers: { 'user-agent': opts.ua ?? BROWSER },
    remoteAddress: opts.ip ?? '198.51.100.7',
  });

async function share(who: SignedInUser, cardId: string, body: Record<string, unknown> = {}) {
  const res = await api(who, 'POST', `/api/cards/${cardId}/share-links`, body);
  expect(res.statusCode).toBe(201);
  return res.json<CreatedShareLink>();
}

describe('creating, listing and revoking links', () => {
  it('creates a 128-bit URL-safe token for the owner, lists it with its views, and revokes it', async () => {
    const card = await createCard(t, owner.user);
    const created = await share(owner, card.id, { label: 'For Dana', expiresInDays: 7 });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.url).toBe(`${t.config.appOrigin}/shared/${created.token}`);

    expect((await visit(created.token)).statusCode).toBe(200);
    const list = (await api(owner, 'GET', `/api/cards/${card.id}/share-links`)).json<CardShareLinksResponse>();
    expect(list.links).toHaveLength(1);
    expect(list.links[0]).toMatchObject({ id: created.id, label: 'For Dana', status: 'active', views: 1, uniqueVisitors: 1, url: created.url });
    expect(list.links[0].expiresAt).toBe(new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString());
    expect(list.viewsPerDay.at(-1)).toEqual({ day: t.clock.now().toISOString().slice(0, 10), views: 1 });

    const revoked = await api(owner, 'DELETE', `/api/share-links/${created.id}`);
    expect(revoked.statusCode).toBe(200);
    const after = (await api(owner, 'GET', `/api/cards/${card.id}/share-links`)).json<CardShareLinksResponse>();
    expect(after.links[0].status).toBe('revoked');
    expect((await visit(created.token)).statusCode).toBe(404);
  });

  it("hides another member's card and links: 404 to list, create or revoke; an admin may revoke", async () => {
    const card = await createCard(t, owner.user);
    const link = await share(owner, card.id);
    expect((await api(other, 'GET', `/api/cards/${card.id}/share-links`)).statusCode).toBe(404);
    expect((await api(other, 'POST', `/api/cards/${card.id}/share-links`, {})).statusCode).toBe(404);
    expect((await api(other, 'DELETE', `/api/share-links/${link.id}`)).statusCode).toBe(404);
    expect((await visit(link.token)).statusCode).toBe(200);
    expect((await api(null, 'GET', `/api/cards/${card.id}/share-links`)).statusCode).toBe(401);
    expect((await api(admin, 'DELETE', `/api/share-links/${link.id}`)).statusCode).toBe(200);
    expect((await visit(link.token)).statusCode).toBe(404);
  });
});

describe('the shared card', () => {
  it('shows a stranger only the allowed fields: no value, phone, custody, owner id or other card', async () => {
    const card = await createCard(t, owner.user, {
      estimatedValueCents: 9_870_000,
      custody: 'in_vault',
      subject: 'Ken Griffey Jr.',
      year: 1989,
      brand: 'Upper Deck',
    });
    await createCard(t, owner.user, { subject: 'Another Secret Card' });
    const link = await share(owner, card.id, { showOwnerName: true });
    const res = await visit(link.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      subject: 'Ken Griffey Jr.',
      year: 1989,
      set: 'Upper Deck',
      grade: 'MINT 9',
      grader: 'PSA',
      certNumber: card.certNumber,
      ownerFirstName: 'Riley',
    });
    for (const absent of ['estimatedValueCents', 'custody', 'ownerId', 'id', 'phone', 'needsReview']) expect(body).not.toHaveProperty(absent);
    const raw = res.body;
    for (const secret of ['9870000', '98,700', 'in_vault', owner.user.id, card.id, '2065550142', 'Owner', 'Another Secret Card'])
      expect(raw).not.toContain(secret);
    expect(res.headers['cache-control']).toBe('no-store');

    const anonymous = await share(owner, card.id);
    expect((await visit(anonymous.token)).json().ownerFirstName).toBeNull();
  });

  it('answers unknown, revoked, expired and malformed tokens with the same 404 body', async () => {
    const card = await createCard(t, owner.user);
    const revoked = await share(owner, card.id);
    await api(owner, 'DELETE', `/api/share-links/${revoked.id}`);
    const expiring = await share(owner, card.id, { expiresInDays: 1 });
    expect((await visit(expiring.token)).statusCode).toBe(200);
    await advance(86_400_000 + 1);
    const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
    const bodies = await Promise.all([unknown, revoked.token, expiring.token, 'short'].map((tok) => visit(tok)));
    for (const r of bodies) expect(r.statusCode).toBe(404);
    expect(new Set(bodies.map((r) => r.body)).size).toBe(1);
    expect(bodies[0].json().error).toBe(shareMessages.notFound);
  });

  it('serves images only through a live token, never by card id to a stranger', async () => {
    const card = await createCard(t, owner.user);
    const { payload, headers } = multipartBody({ side: 'front' }, { filename: 'front.png', contentType: 'image/png', data: tinyPng() });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/cards/${card.id}/images`, payload, headers: { ...owner.headers, ...headers } })).statusCode,
    ).toBe(201);
    const link = await share(owner, card.id);
    const shown = (await visit(link.token)).json();
    expect(shown.images.front).toMatch(new RegExp(`^/api/shared/${link.token}/images/front\\?v=\\d+$`));
    expect(shown.images.back).toBeNull();
    expect(JSON.stringify(shown)).not.toContain(`/api/cards/`);

    const image = await t.rawInject({ method: 'GET', url: shown.images.front });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await t.rawInject({ method: 'GET', url: `/api/shared/${link.token}/images/back` })).statusCode).toBe(404);
    expect((await t.rawInject({ method: 'GET', url: `/api/cards/${card.id}/images/front` })).statusCode).toBe(401);

    await api(owner, 'DELETE', `/api/share-links/${link.id}`);
    expect((await t.rawInject({ method: 'GET', url: shown.images.front })).statusCode).toBe(404);
  });
});

describe('the preview image (og:image)', () => {
  const ip = '198.51.100.77';
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.rawInject({ method: 'GET', url, headers: { 'user-agent': 'facebookexternalhit/1.1', ...headers }, remoteAddress: ip });
  /** The shared page's og:image as a path on this server, and the page's HTML. */
  async function ogImageOf(token: string) {
    const page = await get(`/shared/${token}`);
    expect(page.statusCode).toBe(200);
    const url = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1]?.replace(/&#38;/g, '&');
    expect(url).toBeDefined();
    return { path: new URL(url!).pathname + new URL(url!).search, url: url!, html: page.body };
  }
  const pixel = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const i = (y * info.width + x) * 3;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };

  it('puts a 1200×630 PNG on the shared page, drawn from the card, with its size and a large Twitter card; no view is counted', async () => {
    const card = await createCard(t, owner.user, {
      subject: 'Luka Dončić',
      year: 2018,
      brand: 'Panini Prizm',
      grade: 'GEM MT 10',
      cardNumber: '280',
    });
    const link = await share(owner, card.id);
    const { url, path, html } = await ogImageOf(link.token);
    expect(url).toMatch(new RegExp(`^${t.config.appOrigin}/api/shared/${link.token}/og\\.png\\?v=[A-Za-z0-9_-]+$`));
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta property="og:image:alt" content="PSA 10 2018 Panini Prizm Luka Dončić #280, cert ${card.certNumber}" />`);
    // The public config, as on every page (decision 150).
    const config = new RegExp(`<script type="application/json" id="${PAGE_CONFIG_ID}">([^<]*)</script>`).exec(html)?.[1];
    expect(JSON.parse(config!)).toEqual((await t.rawInject({ method: 'GET', url: '/api/public-config' })).json());
    // The card as the API shows it to a stranger, so the page paints it at once (decision 152).
    const block = new RegExp(`<script type="application/json" id="${PAGE_SHARED_CARD_ID}">([^<]*)</script>`).exec(html)?.[1];
    const embedded = JSON.parse(block!) as { token: string; card: unknown };
    expect(embedded.token).toBe(link.token);
    expect(JSON.stringify(embedded)).not.toContain(owner.user.name ?? '\u0000');

    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(path).toContain(`v=${etag.slice(1, -1)}`);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    // The drawn slab's PSA label border (red): its right edge, x 278 and y 75 of the 300×468 slab, scaled into the box.
    const scale = 560 / 468;
    const [r, g, b] = await pixel(res.rawPayload, Math.round(90 + 278 * scale), Math.round(35 + 75 * scale));
    expect(r).toBeGreaterThan(150);
    expect(g + b).toBeLessThan(150);

    const again = await get(path, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const views = await t.db.select().from(shareViews).where(eq(shareViews.linkId, link.id));
    expect(views).toHaveLength(0);
    // What the page carried is what the API answers, which does record the view.
    expect(embedded.card).toEqual((await get(`/api/shared/${link.token}`)).json());
    expect(await t.db.select().from(shareViews).where(eq(shareViews.linkId, link.id))).toHaveLength(1);
  });

  it('uses the card’s photo once there is one: a new URL and ETag, the photo in the slab’s place', async () => {
    const card = await createCard(t, owner.user);
    const link = await share(owner, card.id);
    const before = await ogImageOf(link.token);
    const drawn = await get(before.path);
    const { payload, headers } = multipartBody({ side: 'front' }, { filename: 'front.png', contentType: 'image/png', data: tinyPng(96, 64, 0) });
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/cards/${card.id}/images`, payload, headers: { ...owner.headers, ...headers } })).statusCode,
    ).toBe(201);
    const after = await ogImageOf(link.token);
    expect(after.path).not.toBe(before.path);
    const res = await get(after.path, { 'if-none-match': drawn.headers.etag as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(drawn.headers.etag);
    // The middle of the slab's box is the photo's card colour (0, 200, 220), give or take JPEG.
    const [r, g, b] = await pixel(res.rawPayload, 90 + 179, 35 + 280);
    expect(Math.abs(r - 0) + Math.abs(g - 200) + Math.abs(b - 220)).toBeLessThan(40);
    const [dr, dg, db] = await pixel(drawn.rawPayload, 90 + 179, 35 + 280);
    expect(Math.abs(dr - 0) + Math.abs(dg - 200) + Math.abs(db - 220)).toBeGreaterThan(40);
  });

  it('answers 404 for unknown, malformed, revoked and expired links, even to a request holding the old ETag', async () => {
    const card = await createCard(t, owner.user);
    const link = await share(owner, card.id);
    const expiring = await share(owner, card.id, { expiresInDays: 1 });
    const { path } = await ogImageOf(link.token);
    const ok = await get(path);
    expect(ok.statusCode).toBe(200);
    expect((await get(`/api/shared/${expiring.token}/og.png`)).statusCode).toBe(200);
    await api(owner, 'DELETE', `/api/share-links/${link.id}`);
    const gone = await get(path, { 'if-none-match': ok.headers.etag as string });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(shareMessages.notFound);
    for (const tok of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', 'x'.repeat(300)]) expect((await get(`/api/shared/${tok}/og.png`)).statusCode).toBe(404);
    await advance(86_400_000 + 1);
    expect((await get(`/api/shared/${expiring.token}/og.png`)).statusCode).toBe(404);
    // The page of a dead link carries no preview at all.
    const gonePage = (await get(`/shared/${link.token}`)).body;
    expect(gonePage).not.toContain('og:image');
    expect(gonePage).not.toContain(PAGE_SHARED_CARD_ID);
  });

  it('shows nothing the shared page hides: the same image whether or not the owner’s name is shown, no value, no owner', async () => {
    const card = await createCard(t, owner.user, { estimatedValueCents: 4_321_000, subject: 'Ken Griffey Jr.' });
    const named = await share(owner, card.id, { showOwnerName: true });
    const anonymous = await share(owner, card.id);
    const a = await ogImageOf(named.token);
    const b = await ogImageOf(anonymous.token);
    expect(new URL(a.url).searchParams.get('v')).toBe(new URL(b.url).searchParams.get('v'));
    const [pa, pb] = await Promise.all([get(a.path), get(b.path)]);
    expect(pa.rawPayload.equals(pb.rawPayload)).toBe(true);
    for (const html of [a.html, b.html])
      for (const secret of ['Riley', '43,210', '4321000', owner.user.id, card.id]) expect(html).not.toContain(secret);
    // No metadata that could carry more than the picture.
    const meta = await sharp(pa.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.comments ?? []).toEqual([]);
  });
});

describe('views', () => {
  it('counts a visitor once per link per hour, bots apart, without storing the IP; the visitor hash changes by day', async () => {
    const card = await createCard(t, owner.user);
    const link = await share(owner, card.id);
    for (let i = 0; i < 5; i++) await visit(link.token, { ip: '203.0.113.9' });
    await visit(link.token, { ip: '203.0.113.10' });
    await visit(link.token, { ip: '203.0.113.11', ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visit(link.token, { ip: '203.0.113.12', ua: 'facebookexternalhit/1.1' });
    await advance(60 * 60_000);
    await visit(link.token, { ip: '203.0.113.9', ref: 'https://www.instagram.com/p/abc' });

    const rows = await t.db.select().from(shareViews).where(eq(shareViews.linkId, link.id));
    expect(rows).toHaveLength(5);
    expect(rows.filter((r) => r.isBot)).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
    expect(rows.find((r) => r.referrerHost)?.referrerHost).toBe('instagram.com');
    const same = rows.filter((r) => !r.isBot && r.visitorHash === rows.find((x) => x.referrerHost)?.visitorHash);
    expect(same).toHaveLength(2);

    const { links } = (await api(owner, 'GET', `/api/cards/${card.id}/share-links`)).json<CardShareLinksResponse>();
    expect(links[0]).toMatchObject({ views: 3, uniqueVisitors: 2, botViews: 2 });

    await advance(24 * 60 * 60_000);
    await visit(link.token, { ip: '203.0.113.9' });
    const later = await t.db.select().from(shareViews).where(eq(shareViews.linkId, link.id));
    const newest = later.sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    expect(rows.map((r) => r.visitorHash)).not.toContain(newest.visitorHash);
  });

  it('rate limits the public endpoint per IP', async () => {
    const card = await createCard(t, owner.user);
    const link = await share(owner, card.id);
    await advance(61_000);
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await visit(link.token, { ip: '192.0.2.200' })).statusCode;
    expect(last).toBe(429);
    expect((await visit(link.token, { ip: '192.0.2.201' })).statusCode).toBe(200);
  });
});

describe('admin analytics', () => {
  it('reports totals, views per day, top cards and referrers from known data; admins only', async () => {
    const db = t.db;
    const cardA = await createCard(t, owner.user, { subject: 'Analytics Alpha' });
    const cardB = await createCard(t, other.user, { subject: 'Analytics Beta' });
    const [a] = await db
      .insert(shareLinks)
      .values({ cardId: cardA.id, ownerId: owner.user.id, token: 'a'.repeat(22), tokenHash: 'hash-a', createdAt: new Date('2025-01-01T00:00:00Z') })
      .returning();
    const [b] = await db
      .insert(shareLinks)
      .values({ cardId: cardB.id, ownerId: other.user.id, token: 'b'.repeat(22), tokenHash: 'hash-b', createdAt: new Date('2025-01-01T00:00:00Z') })
      .returning();
    const view = (linkId: string, at: string, visitor: string, extra: Partial<typeof shareViews.$inferInsert> = {}) => ({
      linkId,
      at: new Date(at),
      hour: new Date(at.slice(0, 13) + ':00:00Z'),
      visitorHash: visitor,
      ...extra,
    });
    await db.insert(shareViews).values([
      view(a.id, '2025-02-01T10:05:00Z', 'v1', { referrerHost: 'instagram.com' }),
      view(a.id, '2025-02-01T11:05:00Z', 'v1', { referrerHost: 'instagram.com' }),
      view(a.id, '2025-02-02T09:00:00Z', 'v2', { referrerHost: 'reddit.com' }),
      view(b.id, '2025-02-02T09:30:00Z', 'v3'),
      view(b.id, '2025-02-02T09:40:00Z', 'bot1', { isBot: true }),
      view(a.id, '2025-03-15T09:00:00Z', 'v9'), // outside the period
    ]);

    expect((await api(owner, 'GET', '/api/admin/share-analytics')).statusCode).toBe(403);
    const res = await api(admin, 'GET', '/api/admin/share-analytics?from=2025-02-01&to=2025-02-03');
    expect(res.statusCode).toBe(200);
    const body = res.json<ShareAnalytics>();
    expect(body.totals).toMatchObject({ links: 2, views: 4, uniqueVisitors: 3, botViews: 1 });
    expect(body.viewsPerDay).toEqual([
      { day: '2025-02-01', views: 2 },
      { day: '2025-02-02', views: 2 },
      { day: '2025-02-03', views: 0 },
    ]);
    expect(body.topCards.map((c) => [c.subject, c.views, c.ownerName])).toEqual([
      ['Analytics Alpha', 3, 'Riley Owner'],
      ['Analytics Beta', 1, 'Other Member'],
    ]);
    expect(body.topReferrers).toEqual([
      { host: 'instagram.com', views: 2 },
      { host: 'reddit.com', views: 1 },
    ]);
    expect(body.links.find((l) => l.id === b.id)).toMatchObject({ views: 1, botViews: 1, uniqueVisitors: 1 });

    expect((await api(admin, 'GET', '/api/admin/share-analytics?from=2025-03-01&to=2025-02-01')).statusCode).toBe(400);
  });
});
