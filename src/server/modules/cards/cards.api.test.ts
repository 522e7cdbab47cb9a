import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CARD_IMAGE_MAX_BYTES, cardMessages, type CardDetail, type RegistryResponse } from '#common/cards.ts';
import { certClaimMessages } from '#common/cert-claims.ts';
import type { LiveEvent, LiveEventOf } from '#common/live.ts';
import { cardEvents, cards, psaCerts } from '#server/db/schema/cards.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { PSA_RECHECK_JOB, PSA_RECHECK_RETRY_MS } from './cards.service.ts';
import { demoPsaCerts, unregisteredPsaCerts } from '#server/db/seed/demo-cards.ts';
import { multipartBody, tinyPng } from '#server/test/files.ts';
import { startFakePsa, type FakePsa } from '#server/test/fake-psa.ts';
import { createCard, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let psa: FakePsa;
let dataDir: string;
let admin: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  psa = await startFakePsa();
  dataDir = mkdtempSync(join(tmpdir(), 'cards-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, PSA_API_URL: psa.url, PSA_API_TOKEN: psa.token } });
  admin = await signedInAdmin(t, { name: 'Vault Admin' });
  member = await signedInMember(t, { name: 'Riley Owner' });
  other = await signedInMember(t, { name: 'Other Member' });
});
afterAll(async () => {
  await t?.close();
  await psa?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => psa.setQuota(Number.POSITIVE_INFINITY));

const api = (who: SignedInUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers, payload: payload as never });

let certSeq = 91_000_000;
const slab = (overrides: Record<string, unknown> = {}) => ({
  grader: 'PSA',
  certNumber: String(++certSeq),
  grade: 'GEM MT 10',
  year: 2011,
  brand: 'Topps Update',
  subject: 'Mike Trout',
  cardNumber: 'US175',
  sport: 'baseball',
  estimatedValueCents: 460_000,
  ...overrides,
});

const fieldError = (res: { json(): { fieldErrors?: Record<string, string[]>; error: string } }) => res.json();

describe('the registry, paged on the server', () => {
  it('pages, searches, filters and sorts; count covers the matches, the totals and sports the whole registry', async () => {
    const me = await signedInMember(t);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    const made = [];
    // Seven cards, newest last: five basketball (two BGS), one hockey in the vault, one raw football.
    for (let i = 0; i < 5; i++) {
      made.push(
        await createCard(
          t,
          { id: me.userId },
          {
            subject: i === 2 ? 'Kobe Bryant' : 'Michael Jordan',
            grader: i < 2 ? 'BGS' : 'PSA',
            year: 1990 + i,
            estimatedValueCents: (i + 1) * 1_000,
            createdAt: at(i),
          },
        ),
      );
    }
    made.push(
      await createCard(
        t,
        { id: me.userId },
        { subject: 'Wayne Gretzky', sport: 'hockey', custody: 'in_vault', year: 1979, estimatedValueCents: 50_000, createdAt: at(5) },
      ),
    );
    made.push(
      await createCard(
        t,
        { id: me.userId },
        { subject: 'Jerry Rice', sport: 'football', grader: 'raw', year: 1986, estimatedValueCents: 500, createdAt: at(6) },
      ),
    );
    const someoneElse = await signedInMember(t);
    await createCard(t, { id: someoneElse.userId }, { subject: 'Michael Jordan', createdAt: at(7) });
    const total = made.reduce((s, c) => s + c.estimatedValueCents, 0);
    const get = async (qs = '') => {
      const res = await api(me, 'GET', `/api/registry${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RegistryResponse>();
    };
    const ids = (r: RegistryResponse) => r.cards.map((c) => c.id);

    const first = await get('?pageSize=3');
    expect(ids(first)).toEqual([made[6].id, made[5].id, made[4].id]);
    expect(first).toMatchObject({
      count: 7,
      totalCount: 7,
      totalEstimatedValueCents: total,
      atMarketValue: 0,
      page: 1,
      pageSize: 3,
      sports: ['basketball', 'football', 'hockey'],
    });
    expect(ids(await get('?pageSize=3&page=3'))).toEqual([made[0].id]);
    expect((await get('?pageSize=3&page=4')).cards).toEqual([]);

    // Filters and search narrow `count`, never the registry's totals.
    const jordans = await get('?q=jord');
    expect(ids(jordans)).toEqual([made[4].id, made[3].id, made[1].id, made[0].id]);
    expect(jordans).toMatchObject({ count: 4, totalCount: 7, totalEstimatedValueCents: total });
    expect(ids(await get('?sport=basketball&grader=BGS'))).toEqual([made[1].id, made[0].id]);
    expect(ids(await get('?custody=in_vault'))).toEqual([made[5].id]);
    expect(ids(await get('?q=kobe%20bry&grader=PSA'))).toEqual([made[2].id]);
    expect((await get('?q=%21%21')).count).toBe(0);

    // Value, highest first; year, oldest first.
    expect(ids(await get('?sort=value&pageSize=2'))).toEqual([made[5].id, made[4].id]);
    expect(ids(await get('?sort=year&pageSize=2'))).toEqual([made[5].id, made[6].id]);

    expect((await api(me, 'GET', '/api/registry?pageSize=101')).statusCode).toBe(400);
    expect((await api(me, 'GET', '/api/registry?sort=cheapest')).statusCode).toBe(400);
  });
});

describe('registering, editing and deleting cards', () => {
  it('registers a card to its caller with a `registered` event, and shows it in the registry with the total', async () => {
    const me = await signedInMember(t);
    const body = slab({ source: 'psa', variety: '' });
    // A certificate PSA confirms (decision 130): only then is it registered from PSA.
    psa.setCert({
      ...demoPsaCerts[0],
      certNumber: body.certNumber,
      grade: body.grade,
      year: String(body.year),
      brand: body.brand,
      subject: body.subject,
      cardNumber: body.cardNumber,
      variety: null,
    });
    const res = await api(me, 'POST', '/api/cards', body);
    expect(res.statusCode, res.body).toBe(201);
    const card = res.json();
    expect(card).toMatchObject({
      ownerId: me.userId,
      grader: 'PSA',
      gradeValue: 10,
      custody: 'with_owner',
      needsReview: false,
      variety: null,
      thumbnailUrl: null,
    });
    await api(me, 'POST', '/api/cards', slab({ grader: 'raw', certNumber: null, grade: null, estimatedValueCents: 9_000 }));

    const reg = (await api(me, 'GET', '/api/registry')).json();
    expect(reg.count).toBe(2);
    expect(reg.totalEstimatedValueCents).toBe(469_000);
    expect(reg.cards.map((c: { ownerId: string }) => c.ownerId)).toEqual([me.userId, me.userId]);

    const picker = (await api(me, 'GET', '/api/cards')).json().cards;
    expect(picker).toHaveLength(2);
    expect(Object.keys(picker[0]).sort()).toEqual([
      'brand',
      'certNumber',
      'custody',
      'estimatedValueCents',
      'grade',
      'grader',
      'hold',
      'id',
      'subject',
      'thumbnailUrl',
      'year',
    ]);

    const detail: CardDetail = (await api(me, 'GET', `/api/cards/${card.id}`)).json();
    expect(detail.owner).toEqual({ id: me.userId, name: me.user.name });
    expect(detail.events).toHaveLength(1);
    expect(detail.events[0]).toMatchObject({ kind: 'registered', actor: { id: me.userId }, data: { source: 'psa' } });
  });

  it('refuses bad input with the messages members read', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ certNumber: '12-34' }, 'certNumber', cardMessages.certDigits],
      [{ certNumber: '12345678901' }, 'certNumber', cardMessages.certDigits],
      [{ year: 1859 }, 'year', cardMessages.yearRange()],
      [{ year: new Date().getUTCFullYear() + 2 }, 'year', cardMessages.yearRange()],
      [{ grade: '' }, 'grade', cardMessages.gradeRequired],
      [{ estimatedValueCents: -1 }, 'estimatedValueCents', cardMessages.valueRange],
      [{ estimatedValueCents: 10_000_000_001 }, 'estimatedValueCents', cardMessages.valueRange],
      [{ estimatedValueCents: 12.5 }, 'estimatedValueCents', cardMessages.valueRange],
      [{ subject: '  ' }, 'subject', cardMessages.subjectRequired],
    ];
    for (const [patch, field, message] of cases) {
      const res = await api(member, 'POST', '/api/cards', slab(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(fieldError(res).fieldErrors?.[field], JSON.stringify(patch)).toContain(message);
    }
    const unknown = await api(member, 'POST', '/api/cards', slab({ ownerId: other.userId }));
    expect(unknown.statusCode).toBe(400);
    const custody = await api(member, 'POST', '/api/cards', slab({ custody: 'in_vault' }));
    expect(custody.statusCode).toBe(400);
    expect(await t.db.select().from(cards).where(eq(cards.ownerId, other.userId))).toHaveLength(0);
  });

  it('answers 409 for a certificate someone already holds, and frees it when the card is deleted', async () => {
    const body = slab();
    const first = await api(member, 'POST', '/api/cards', body);
    expect(first.statusCode).toBe(201);
    const again = await api(other, 'POST', '/api/cards', body);
    expect(again.statusCode).toBe(409);
    // Another member's certificate: the answer offers a claim (decision 130).
    expect(again.json().error).toBe(certClaimMessages.registeredElsewhere);
    // The same number at another grader is another slab.
    expect((await api(other, 'POST', '/api/cards', { ...body, grader: 'SGC', grade: 'MINT 9' })).statusCode).toBe(201);

    const del = await api(member, 'DELETE', `/api/cards/${first.json().id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await api(member, 'GET', `/api/cards/${first.json().id}`)).statusCode).toBe(404);
    expect((await api(other, 'POST', '/api/cards', body)).statusCode).toBe(201);
    // The deleted card's provenance is still there.
    expect(await t.db.select().from(cardEvents).where(eq(cardEvents.cardId, first.json().id))).toHaveLength(1);
  });

  it('edits fields, records what changed, and re-derives the grade number', async () => {
    const card = (await api(member, 'POST', '/api/cards', slab())).json();
    const res = await api(member, 'PATCH', `/api/cards/${card.id}`, { grade: 'MINT 9', estimatedValueCents: 120_000, subject: 'Mike Trout' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ grade: 'MINT 9', gradeValue: 9, estimatedValueCents: 120_000 });
    const detail: CardDetail = (await api(member, 'GET', `/api/cards/${card.id}`)).json();
    const edited = detail.events.find((e) => e.kind === 'edited');
    expect(edited?.data).toEqual({
      changes: { grade: { from: 'GEM MT 10', to: 'MINT 9' }, gradeValue: { from: 10, to: 9 }, estimatedValueCents: { from: 460_000, to: 120_000 } },
    });
    // Nothing changed: no event.
    await api(member, 'PATCH', `/api/cards/${card.id}`, { grade: 'MINT 9' });
    expect((await api(member, 'GET', `/api/cards/${card.id}`)).json().events).toHaveLength(2);
  });

  it('checks a patch against the stored card: grade still required, raw cards have no certificate, no duplicate certificate', async () => {
    const card = (await api(member, 'POST', '/api/cards', slab())).json();
    const taken = (await api(other, 'POST', '/api/cards', slab())).json();
    const noGrade = await api(member, 'PATCH', `/api/cards/${card.id}`, { grade: null });
    expect(noGrade.statusCode).toBe(400);
    expect(noGrade.json().fieldErrors.grade).toEqual([cardMessages.gradeRequired]);
    const raw = await api(member, 'PATCH', `/api/cards/${card.id}`, { grader: 'raw' });
    expect(raw.json().fieldErrors.certNumber).toEqual([cardMessages.rawHasNoCert]);
    expect((await api(member, 'PATCH', `/api/cards/${card.id}`, { grader: 'raw', certNumber: null, grade: null })).statusCode).toBe(200);
    const dup = await api(member, 'PATCH', `/api/cards/${card.id}`, { grader: 'PSA', certNumber: taken.certNumber, grade: 'MINT 9' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(cardMessages.certDuplicate);
    expect((await api(member, 'PATCH', `/api/cards/${card.id}`, { custody: 'with_owner' })).statusCode).toBe(400);
    expect((await api(member, 'PATCH', `/api/cards/${card.id}`, {})).statusCode).toBe(400);
  });

  it('deletes only while the card is with its owner; otherwise 409 with the reason', async () => {
    const card = await createCard(t, member.user, { custody: 'in_vault' });
    const res = await api(member, 'DELETE', `/api/cards/${card.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(cardMessages.deleteNotWithOwner);
    const [row] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row.deletedAt).toBeNull();
  });
});

describe('another member’s card is simply not found', () => {
  it('answers 404 on every card route, images included, and changes nothing', async () => {
    const card = (await api(member, 'POST', '/api/cards', slab())).json();
    const png = multipartBody({ side: 'front' }, { filename: 'f.png', contentType: 'image/png', data: tinyPng() });
    await t.app.inject({ method: 'POST', url: `/api/cards/${card.id}/images`, payload: png.payload, headers: { ...member.headers, ...png.headers } });
    const attempts = [
      api(other, 'GET', `/api/cards/${card.id}`),
      api(other, 'PATCH', `/api/cards/${card.id}`, { estimatedValueCents: 1 }),
      api(other, 'DELETE', `/api/cards/${card.id}`),
      api(other, 'GET', `/api/cards/${card.id}/images/front?size=thumb`),
      api(other, 'GET', `/api/cards/${card.id}/images/front?size=full`),
      t.app.inject({ method: 'POST', url: `/api/cards/${card.id}/images`, payload: png.payload, headers: { ...other.headers, ...png.headers } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(card.subject);
    }
    expect((await api(other, 'GET', '/api/registry')).json().cards.some((c: { id: string }) => c.id === card.id)).toBe(false);
    const detail: CardDetail = (await api(member, 'GET', `/api/cards/${card.id}`)).json();
    expect(detail.estimatedValueCents).toBe(460_000);
    expect(detail.events.map((e) => e.kind)).toEqual(['registered', 'image_added']);
    // Admins see any card.
    expect((await api(admin, 'GET', `/api/cards/${card.id}`)).statusCode).toBe(200);
    expect((await api(admin, 'GET', `/api/cards/${card.id}/images/front?size=thumb`)).statusCode).toBe(200);
  });
});

describe('photos', () => {
  async function photo(width: number, height: number) {
    return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 30, b: 40 } } })
      .withExif({ IFD0: { Artist: 'Riley Owner', Copyright: 'secret-exif-marker' } })
      .jpeg({ quality: 90 })
      .toBuffer();
  }
  const upload = (who: SignedInUser, id: string, side: string, data: Buffer, contentType = 'image/jpeg') => {
    const { payload, headers } = multipartBody({ side }, { filename: 'photo.jpg', contentType, data });
    return t.app.inject({ method: 'POST', url: `/api/cards/${id}/images`, payload, headers: { ...who.headers, ...headers } });
  };

  it('stores a 1600 px display image and a 400 px thumbnail without EXIF, served with cache headers', async () => {
    const card = (await api(member, 'POST', '/api/cards', slab())).json();
    const original = await photo(3000, 2000);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(member, card.id, 'front', original);
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json();
    expect(stored.images.front.fullUrl).toMatch(new RegExp(`^/api/cards/${card.id}/images/front\\?size=full&v=\\d+$`));
    expect(stored.thumbnailUrl).toBe(stored.images.front.thumbUrl);

    const full = await api(member, 'GET', stored.images.front.fullUrl);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toMatch(/private, max-age=\d+/);
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect([fullMeta.width, fullMeta.height]).toEqual([1600, 1067]);
    expect(fullMeta.exif).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);

    const thumb = await api(member, 'GET', stored.images.front.thumbUrl);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([400, 267]);
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('accepts PNG and WebP, never enlarges, and replaces a side (the event says so)', async () => {
    const card = (await api(member, 'POST', '/api/cards', slab())).json();
    expect((await upload(member, card.id, 'back', tinyPng(300, 200), 'image/png')).statusCode).toBe(201);
    const webp = await sharp({ create: { width: 800, height: 1200, channels: 3, background: '#224488' } })
      .webp()
      .toBuffer();
    const res = await upload(member, card.id, 'back', webp, 'image/webp');
    expect(res.statusCode, res.body).toBe(201);
    const full = await api(member, 'GET', res.json().images.back.fullUrl);
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ width: 800, height: 1200, format: 'jpeg' });
    const detail: CardDetail = (await api(member, 'GET', `/api/cards/${card.id}`)).json();
    expect(detail.events.filter((e) => e.kind === 'image_added').map((e) => e.data)).toEqual([
      { side: 'back', replaced: false },
      { side: 'back', replaced: true },
    ]);
    expect(detail.images.front).toBeNull();
    expect((await api(member, 'GET', `/api/cards/${card.id}/images/front`)).statusCode).toBe(404);
  });

  it('refuses what is not a JPEG, PNG or WebP by content (415), and over 10 MB (413)', async () => {
    const card = (await api(member, 'POST', '/api/cards', slab())).json();
    const text = await upload(member, card.id, 'front', Buffer.from('GIF89a not really an image'.repeat(20)), 'image/jpeg');
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe('Only JPEG, PNG or WebP images');
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]);
    expect((await upload(member, card.id, 'front', broken)).statusCode).toBe(415);
    const big = await upload(member, card.id, 'front', Buffer.concat([await photo(50, 50), Buffer.alloc(CARD_IMAGE_MAX_BYTES + 10)]));
    expect(big.statusCode).toBe(413);
    const noSide = await upload(member, card.id, 'middle', await photo(50, 50));
    expect(noSide.statusCode).toBe(400);
    expect(noSide.json().error).toBe(cardMessages.imageSide);
    expect((await api(member, 'GET', `/api/cards/${card.id}`)).json().events).toHaveLength(1);
  });
});

describe('PSA look-ups through the fake PSA', () => {
  it('answers a found certificate in our shape, then from the cache without asking PSA again', async () => {
    const cert = unregisteredPsaCerts[0];
    const res = await api(member, 'GET', `/api/psa/cert/${cert.certNumber}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...cert, fromCache: false });
    expect(psa.calls(cert.certNumber)).toBe(1);
    const again = await api(member, 'GET', `/api/psa/cert/${cert.certNumber}`);
    expect(again.json()).toMatchObject({ certNumber: cert.certNumber, fromCache: true });
    expect(psa.calls(cert.certNumber)).toBe(1);
    const [row] = await t.db.select().from(psaCerts).where(eq(psaCerts.certNumber, cert.certNumber));
    expect(row.data.subject).toBe(cert.subject);
  });

  it('asks PSA again once the cached answer is 30 days old', async () => {
    const cert = unregisteredPsaCerts[1];
    await api(member, 'GET', `/api/psa/cert/${cert.certNumber}`);
    const monthAgo = new Date(t.clock.now().getTime() - 31 * 86_400_000);
    await t.db.update(psaCerts).set({ fetchedAt: monthAgo }).where(eq(psaCerts.certNumber, cert.certNumber));
    const res = await api(member, 'GET', `/api/psa/cert/${cert.certNumber}`);
    expect(res.json().fromCache).toBe(false);
    expect(psa.calls(cert.certNumber)).toBe(2);
  });

  it('not found is 404; a bad number is 400 with the message', async () => {
    const res = await api(member, 'GET', '/api/psa/cert/99999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(cardMessages.psaNotFound);
    const bad = await api(member, 'GET', '/api/psa/cert/12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Certificate number must be digits');
  });

  it('quota exhausted is a 503 that says so', async () => {
    psa.setQuota(0);
    const res = await api(member, 'GET', `/api/psa/cert/${unregisteredPsaCerts[2].certNumber}`);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toBe(cardMessages.psaQuota);
  });

  it('a refused token is a 503 that says so', async () => {
    const wrong = await createTestApp({ seedDemo: false, env: { PSA_API_URL: psa.url, PSA_API_TOKEN: 'not-the-token' } });
    try {
      const m = await signedInMember(wrong);
      const res = await wrong.app.inject({ method: 'GET', url: `/api/psa/cert/${unregisteredPsaCerts[3].certNumber}`, headers: m.headers });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe(cardMessages.psaBadToken);
      expect(psa.requests.at(-1)).toMatchObject({ authorized: false, status: 401 });
    } finally {
      await wrong.close();
    }
  });

  it('without a token and with the demo off: a cached certificate still answers, a miss is 503 "PSA lookup is not configured"', async () => {
    const off = await createTestApp({ env: { PSA_API_URL: psa.url, SEED_DEMO: 'false' } });
    try {
      const m = await signedInMember(off);
      const seeded = demoPsaCerts[0];
      const hit = await off.app.inject({ method: 'GET', url: `/api/psa/cert/${seeded.certNumber}`, headers: m.headers });
      expect(hit.statusCode, hit.body).toBe(200);
      expect(hit.json()).toMatchObject({ subject: seeded.subject, fromCache: true, demo: false });
      const miss = await off.app.inject({ method: 'GET', url: `/api/psa/cert/${unregisteredPsaCerts[4].certNumber}`, headers: m.headers });
      expect(miss.statusCode).toBe(503);
      expect(miss.json().error).toBe('PSA lookup is not configured');
      // Entering a card by hand still works.
      const byHand = await off.app.inject({ method: 'POST', url: '/api/cards', headers: m.headers, payload: slab() });
      expect(byHand.statusCode).toBe(201);
    } finally {
      await off.close();
    }
  });

  it('without a token and with the demo on: the sample certificates answer, labelled demo; any other number is still 503', async () => {
    const demo = await createTestApp({ env: { PSA_API_URL: psa.url, SEED_DEMO: 'true' } });
    try {
      const m = await signedInMember(demo);
      const sample = unregisteredPsaCerts[5];
      const before = psa.requests.length;
      const res = await demo.app.inject({ method: 'GET', url: `/api/psa/cert/${sample.certNumber}`, headers: m.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ...sample, fromCache: false, demo: true });
      // PSA itself is never asked, and the sample answer is not cached as PSA's.
      expect(psa.requests.length).toBe(before);
      expect(await demo.db.select().from(psaCerts).where(eq(psaCerts.certNumber, sample.certNumber))).toEqual([]);
      // The seeded cards' certificates are demo data too.
      const seeded = await demo.app.inject({ method: 'GET', url: `/api/psa/cert/${demoPsaCerts[0].certNumber}`, headers: m.headers });
      expect(seeded.json()).toMatchObject({ certNumber: demoPsaCerts[0].certNumber, demo: true });
      const other = await demo.app.inject({ method: 'GET', url: '/api/psa/cert/12345678', headers: m.headers });
      expect(other.statusCode).toBe(503);
      expect(other.json().error).toBe(cardMessages.psaNotConfigured);
      // Added by number: registered as the certificate says, PSA's capitals kept in the record.
      const added = await demo.app.inject({
        method: 'POST',
        url: '/api/cards',
        headers: m.headers,
        payload: slab({ source: 'psa', certNumber: sample.certNumber, subject: 'Elias Pettersson', brand: 'Upper Deck', grade: sample.grade }),
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toMatchObject({ certNumber: sample.certNumber, subject: sample.subject, brand: sample.brand });
    } finally {
      await demo.close();
    }
  });

  it('bulk: one row per number in order, the cache first, each other number asked once, errors per row', async () => {
    const seeded = demoPsaCerts[1].certNumber;
    const fresh = unregisteredPsaCerts[5].certNumber;
    const before = psa.calls(seeded);
    const res = await api(admin, 'POST', '/api/admin/psa/bulk', { certNumbers: [seeded, fresh, '#' + fresh, '88888888', 'abc'] });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().results;
    expect(rows.map((r: { certNumber: string }) => r.certNumber)).toEqual([seeded, fresh, fresh, '88888888', 'abc']);
    expect(rows[0]).toMatchObject({ fromCache: true, error: null, cert: { certNumber: seeded } });
    expect(rows[1]).toMatchObject({ fromCache: false, error: null, cert: { certNumber: fresh } });
    expect(rows[3]).toMatchObject({ cert: null, error: cardMessages.psaNotFound });
    expect(rows[4]).toMatchObject({ cert: null, error: cardMessages.certDigits });
    expect(psa.calls(seeded)).toBe(before);
    expect(psa.calls(fresh)).toBe(1);

    psa.setQuota(0);
    const quota = (await api(admin, 'POST', '/api/admin/psa/bulk', { certNumbers: ['77777777', fresh] })).json().results;
    expect(quota[0]).toMatchObject({ cert: null, error: cardMessages.psaQuota });
    expect(quota[1]).toMatchObject({ fromCache: true });

    const tooMany = await api(admin, 'POST', '/api/admin/psa/bulk', { certNumbers: Array.from({ length: 101 }, (_, i) => String(i + 1)) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(cardMessages.bulkTooMany);
    expect((await api(member, 'POST', '/api/admin/psa/bulk', { certNumbers: [fresh] })).statusCode).toBe(403);
  });

  it('bulk asks PSA at most four at a time', async () => {
    const numbers = Array.from({ length: 12 }, (_, i) => String(93_000_000 + i));
    let inFlight = 0;
    let peak = 0;
    const slow = await startFakePsa({ token: 'slow' });
    const wrapped = await createTestApp({ seedDemo: false, env: { PSA_API_URL: slow.url, PSA_API_TOKEN: 'slow' } });
    const realFetch = globalThis.fetch;
    // Each call waits (up to 300 ms) until four are in flight, so the peak shows the bound even on a slow machine.
    const waiting = new Set<() => void>();
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      if (inFlight >= 4) for (const wake of waiting) wake();
      try {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiting.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, 300);
          if (inFlight >= 4) wake();
          else waiting.add(wake);
        });
        return await realFetch(...args);
      } finally {
        inFlight--;
      }
    }) as typeof fetch;
    try {
      const a = await signedInAdmin(wrapped);
      const res = await wrapped.app.inject({ method: 'POST', url: '/api/admin/psa/bulk', headers: a.headers, payload: { certNumbers: numbers } });
      expect(res.statusCode).toBe(200);
      expect(numbers.every((n) => slow.calls(n) === 1)).toBe(true);
      expect(peak).toBe(4);
    } finally {
      globalThis.fetch = realFetch;
      await wrapped.close();
      await slow.close();
    }
  });
});

describe('custody and the PSA re-check', () => {
  async function psaCard(owner: SignedInUser, certNumber: string, over: Record<string, unknown> = {}) {
    const res = await api(owner, 'POST', '/api/cards', slab({ certNumber, ...over }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }

  it('writes custody_changed, then asks PSA (even with a cached answer) and writes psa_rechecked: match', async () => {
    const cert = { ...unregisteredPsaCerts[0], certNumber: '94000001' };
    psa.setCert(cert);
    await api(member, 'GET', `/api/psa/cert/${cert.certNumber}`);
    const card = await psaCard(member, cert.certNumber, { subject: 'Justin Herbert', grade: 'GEM MT 10', year: 2020, brand: 'Panini Prizm' });
    const before = psa.calls(cert.certNumber);
    const res = await api(admin, 'PATCH', `/api/admin/cards/${card.id}/custody`, { custody: 'in_transit', note: 'FedEx 7712' });
    expect(res.statusCode, res.body).toBe(200);
    expect(psa.calls(cert.certNumber)).toBe(before + 1);
    const detail: CardDetail = res.json();
    expect(detail.custody).toBe('in_transit');
    expect(detail.needsReview).toBe(false);
    expect(detail.events.map((e) => e.kind)).toEqual(['registered', 'custody_changed', 'psa_rechecked']);
    expect(detail.events[1]).toMatchObject({ actor: { id: admin.userId }, data: { from: 'with_owner', to: 'in_transit', note: 'FedEx 7712' } });
    expect(detail.events[2].data).toEqual({ result: 'match', differences: [], message: null });
    // The owner sees the same timeline.
    expect((await api(member, 'GET', `/api/cards/${card.id}`)).json().events).toHaveLength(3);
  });

  it('a grade or player that differs at PSA flags the card for review', async () => {
    const cert = { ...unregisteredPsaCerts[1], certNumber: '94000002', grade: 'NM-MT 8' };
    psa.setCert(cert);
    const card = await psaCard(member, cert.certNumber, { subject: 'Tim Duncan', grade: 'MINT 9' });
    const detail: CardDetail = (await api(admin, 'PATCH', `/api/admin/cards/${card.id}/custody`, { custody: 'in_vault', note: null })).json();
    expect(detail.needsReview).toBe(true);
    expect(detail.events.at(-1)?.data).toEqual({
      result: 'mismatch',
      differences: [{ field: 'grade', card: 'MINT 9', psa: 'NM-MT 8' }],
      message: null,
    });
    const list = (await api(admin, 'GET', '/api/admin/cards?needsReview=true')).json();
    expect(list.cards.map((c: { id: string }) => c.id)).toContain(card.id);
    // The owner corrects the grade; the next re-check matches and clears the flag.
    await api(member, 'PATCH', `/api/cards/${card.id}`, { grade: 'NM-MT 8' });
    const fixed: CardDetail = (
      await api(admin, 'PATCH', `/api/admin/cards/${card.id}/custody`, { custody: 'in_transit', note: 'To grading review' })
    ).json();
    expect(fixed.events.at(-1)?.data.result).toBe('match');
    expect(fixed.needsReview).toBe(false);
  });

  it('an unknown certificate flags the card; PSA being down records "unavailable" and still moves the card', async () => {
    const unknown = await psaCard(member, '94000003');
    const a: CardDetail = (await api(admin, 'PATCH', `/api/admin/cards/${unknown.id}/custody`, { custody: 'in_transit' })).json();
    expect(a.needsReview).toBe(true);
    expect(a.events.at(-1)?.data).toMatchObject({ result: 'not_found' });

    const cert = { ...unregisteredPsaCerts[2], certNumber: '94000004' };
    psa.setCert(cert);
    const card = await psaCard(member, cert.certNumber, { subject: 'George Brett', grade: 'NM-MT 8' });
    psa.failNext(503, 1);
    const res = await api(admin, 'PATCH', `/api/admin/cards/${card.id}/custody`, { custody: 'in_transit', note: 'Courier' });
    expect(res.statusCode, res.body).toBe(200);
    const b: CardDetail = res.json();
    expect(b.custody).toBe('in_transit');
    expect(b.needsReview).toBe(false);
    expect(b.events.at(-1)).toMatchObject({ kind: 'psa_rechecked', data: { result: 'unavailable' } });
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${PSA_RECHECK_JOB}:${card.id}`));
    expect(job).toMatchObject({ name: PSA_RECHECK_JOB, payload: { cardId: card.id, by: { actorId: admin.userId } } });
  });

  it('a durable job asks PSA again until it answers, recording only the answer', async () => {
    const withJobs = await createTestApp({ seedDemo: false, jobs: {}, env: { DATA_DIR: dataDir, PSA_API_URL: psa.url, PSA_API_TOKEN: psa.token } });
    try {
      const a = await signedInAdmin(withJobs);
      const m = await signedInMember(withJobs);
      psa.setCert({ ...unregisteredPsaCerts[3], certNumber: '94000010', subject: 'MICHAEL JORDAN', grade: 'NM-MT 8' });
      const card = await createCard(withJobs, m.user, { certNumber: '94000010', subject: 'Michael Jordan', grade: 'MINT 9' });
      psa.failNext(503, 2);
      const res = await withJobs.app.inject({
        method: 'PATCH',
        url: `/api/admin/cards/${card.id}/custody`,
        headers: a.headers,
        payload: { custody: 'in_transit' },
      });
      expect(res.json().events.at(-1).data.result).toBe('unavailable');
      const job = async () =>
        (
          await withJobs.db
            .select()
            .from(jobs)
            .where(eq(jobs.key, `${PSA_RECHECK_JOB}:${card.id}`))
        )[0];
      // First retry: PSA still down; the job stays with its error and nothing more is recorded.
      withJobs.clock.advance(PSA_RECHECK_RETRY_MS + 1_000);
      await vi.waitFor(async () => expect((await job())?.lastError).toMatch(/PSA/), { timeout: 5_000 });
      expect((await job())?.attempts).toBe(1);
      // Second retry: PSA answers, the grade differs, the card is flagged, the job is done.
      withJobs.clock.advance(60_000);
      await vi.waitFor(async () => expect(await job()).toBeUndefined(), { timeout: 5_000 });
      const detail: CardDetail = (await withJobs.app.inject({ method: 'GET', url: `/api/cards/${card.id}`, headers: m.headers })).json();
      expect(detail.events.map((e) => [e.kind, e.data.result])).toEqual([
        ['registered', undefined],
        ['custody_changed', undefined],
        ['psa_rechecked', 'unavailable'],
        ['psa_rechecked', 'mismatch'],
      ]);
      expect(detail.events.at(-1)?.actor?.id).toBe(a.userId);
      expect(detail.needsReview).toBe(true);
    } finally {
      await withJobs.close();
    }
  });

  it('refuses the custody the card already has (409), a non-admin (403), and another member’s id is found by admins only', async () => {
    const card = await createCard(t, other.user, { custody: 'in_vault', grader: 'BGS', grade: 'GEM MINT 9.5' });
    const same = await api(admin, 'PATCH', `/api/admin/cards/${card.id}/custody`, { custody: 'in_vault' });
    expect(same.statusCode).toBe(409);
    expect((await api(member, 'PATCH', `/api/admin/cards/${card.id}/custody`, { custody: 'with_owner' })).statusCode).toBe(403);
    const res = await api(admin, 'PATCH', `/api/admin/cards/${card.id}/custody`, { custody: 'with_owner', note: 'Returned to owner' });
    // Not a PSA slab: nothing to re-check at PSA.
    expect(res.json().events.map((e: { kind: string }) => e.kind)).toEqual(['registered', 'custody_changed']);
    expect((await api(admin, 'PATCH', `/api/admin/cards/${card.id}/custody`, { custody: 'lost' })).statusCode).toBe(400);
  });
});

describe('admin lists', () => {
  it('searches by player, set, certificate and owner, filters, sorts and pages', async () => {
    const owner = await signedInMember(t, { name: 'Quincy Searchable' });
    const a = await createCard(t, owner.user, {
      subject: 'Ken Griffey Jr.',
      brand: 'Upper Deck',
      year: 1989,
      estimatedValueCents: 260_000,
      sport: 'baseball',
    });
    const b = await createCard(t, owner.user, {
      subject: 'Wayne Gretzky',
      brand: 'O-Pee-Chee',
      year: 1979,
      estimatedValueCents: 2_400_000,
      sport: 'hockey',
      custody: 'in_vault',
    });
    const ids = (res: { json(): { cards: { id: string }[] } }) => res.json().cards.map((c) => c.id);
    expect(ids(await api(admin, 'GET', '/api/admin/cards?q=griff'))).toContain(a.id);
    expect(ids(await api(admin, 'GET', '/api/admin/cards?q=griffey%20upper'))).toContain(a.id);
    expect(ids(await api(admin, 'GET', `/api/admin/cards?q=${b.certNumber}`))).toEqual([b.id]);
    expect(ids(await api(admin, 'GET', '/api/admin/cards?q=Quincy%20Searchable&sort=value_desc'))).toEqual([b.id, a.id]);
    expect(ids(await api(admin, 'GET', `/api/admin/cards?q=${owner.phone.slice(-7)}&sort=year_asc`))).toEqual([b.id, a.id]);
    expect(ids(await api(admin, 'GET', `/api/admin/cards?ownerId=${owner.userId}&custody=in_vault`))).toEqual([b.id]);
    expect(ids(await api(admin, 'GET', `/api/admin/cards?ownerId=${owner.userId}&sport=baseball&grader=PSA`))).toEqual([a.id]);
    expect(ids(await api(admin, 'GET', '/api/admin/cards?q=%27%3B%20drop%20table%20cards%3B%20--%25_'))).toEqual([]);
    // Only punctuation: no words and no owner, so nothing matches (not everything).
    expect((await api(admin, 'GET', '/api/admin/cards?q=%21%21')).json()).toMatchObject({ cards: [], total: 0 });
    const page = (await api(admin, 'GET', '/api/admin/cards?page=1')).json();
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const row = page.cards.find((c: { id: string }) => c.id === b.id);
    expect(row).toMatchObject({
      owner: { id: owner.userId, name: 'Quincy Searchable', phone: owner.phone },
      custody: 'in_vault',
      needsReview: false,
    });
    const far = (await api(admin, 'GET', '/api/admin/cards?page=999')).json();
    expect(far.cards).toEqual([]);
    expect(far.total).toBe(page.total);
    expect((await api(member, 'GET', '/api/admin/cards')).statusCode).toBe(403);
  });

  it('users with cards: count and total value per member, demo members included', async () => {
    const owner = await signedInMember(t, { name: 'Totals Person' });
    await createCard(t, owner.user, { estimatedValueCents: 100_00 });
    await createCard(t, owner.user, { estimatedValueCents: 250_00 });
    const gone = await createCard(t, owner.user, { estimatedValueCents: 999_00 });
    await api(owner, 'DELETE', `/api/cards/${gone.id}`);
    const list = (await api(admin, 'GET', '/api/admin/users-with-cards')).json().users;
    expect(list.find((u: { id: string }) => u.id === owner.userId)).toEqual({
      id: owner.userId,
      name: 'Totals Person',
      phone: owner.phone,
      cardCount: 2,
      totalEstimatedValueCents: 350_00,
    });
    const casey = list.find((u: { phone: string }) => u.phone === '+12125550103');
    expect(casey.cardCount).toBeGreaterThanOrEqual(8);
    expect(casey.totalEstimatedValueCents).toBeGreaterThan(100_000_00);
  });
});

describe('provenance is append-only', () => {
  it('the database refuses to update or delete a card event', async () => {
    const card = await createCard(t, member.user);
    const [event] = await t.db.select().from(cardEvents).where(eq(cardEvents.cardId, card.id));
    await expect(t.db.update(cardEvents).set({ kind: 'edited' }).where(eq(cardEvents.id, event.id))).rejects.toThrow();
    await expect(t.db.delete(cardEvents).where(and(eq(cardEvents.id, event.id)))).rejects.toThrow();
    const [still] = await t.db.select().from(cardEvents).where(eq(cardEvents.id, event.id));
    expect(still.kind).toBe('registered');
  });
});

describe('live', () => {
  it('card_updated reaches the owner and the admins after each change', async () => {
    const seen: { audience: unknown; event: LiveEvent }[] = [];
    const live = t.app.ctx.live;
    const original = live.publish;
    live.publish = async (audience, event) => {
      seen.push({ audience, event });
    };
    try {
      const card = (await api(member, 'POST', '/api/cards', slab({ subject: 'Live Player', year: 2001 }))).json();
      await api(member, 'PATCH', `/api/cards/${card.id}`, { estimatedValueCents: 5 });
      await api(admin, 'PATCH', `/api/admin/cards/${card.id}/custody`, { custody: 'in_transit' });
      const events = seen.map((s) => s.event).filter((e): e is LiveEventOf<'card_updated'> => e.type === 'card_updated');
      expect(events.map((e) => e.reason)).toEqual(['created', 'edited', 'custody_changed', 'psa_rechecked']);
      expect(events[0]).toEqual({
        type: 'card_updated',
        userId: member.userId,
        cardId: card.id,
        reason: 'created',
        custody: 'with_owner',
        playerName: 'Live Player',
        year: 2001,
      });
      expect(seen[0].audience).toEqual([{ kind: 'user', userId: member.userId }, { kind: 'admins' }]);
      // A refused change tells nobody.
      seen.length = 0;
      await api(other, 'PATCH', `/api/cards/${card.id}`, { estimatedValueCents: 6 });
      expect(seen).toEqual([]);
    } finally {
      live.publish = original;
    }
  });
});
