import { mkdtempSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedShareLink } from '#common/share-links.ts';
import { createCard, createConstituent, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

// Issue 32 (finding 12): a public page whose address names something that is not there answers
// 404 (the app still renders, showing its not-found state).
describe('public pages for unknown records', () => {
  let t: TestApp;
  let owner: SignedInUser;
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>');
    t = await createTestApp({ seedDemo: false, webDir });
    owner = await signedInMember(t);
  });
  afterAll(() => t.close());

  const page = (url: string) => t.rawInject({ method: 'GET', url });

  it('/shared/{token}: 200 for a live link, 404 for an unknown, malformed or revoked one', async () => {
    const card = await createCard(t, owner.user);
    const res = await t.app.inject({ method: 'POST', url: `/api/cards/${card.id}/share-links`, headers: owner.headers, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json<CreatedShareLink>();
    const live = await page(`/shared/${link.token}`);
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('<div id="root">');

    const unknown = link.token.slice(0, -4) + (link.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const url of [`/shared/${unknown}`, '/shared/not-a-token']) {
      const r = await page(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type']).toMatch(/text\/html/);
      expect(r.body).toContain('<div id="root">');
    }

    expect((await t.app.inject({ method: 'DELETE', url: `/api/share-links/${link.id}`, headers: owner.headers })).statusCode).toBeLessThan(300);
    expect((await page(`/shared/${link.token}`)).statusCode).toBe(404);
  });

  it('/WonderShyneIndex/{id}: 200 for a constituent, 404 for an unknown or malformed id', async () => {
    const c = await createConstituent(t, {
      player: 'Mike Trout',
      year: 2011,
      set: 'Topps Update',
      cardNumber: 'US175',
      grade: 10,
      sport: 'baseball',
    });
    expect((await page(`/WonderShyneIndex/${c.id}`)).statusCode).toBe(200);
    expect((await page('/WonderShyneIndex')).statusCode).toBe(200);
    for (const url of [`/WonderShyneIndex/${randomUUID()}`, '/WonderShyneIndex/nope']) {
      const r = await page(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.body).toContain('<div id="root">');
    }
  });
});
