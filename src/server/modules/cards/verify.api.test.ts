import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyMessages } from '#common/verify.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { VERIFY_REQUESTS_PER_IP_PER_MINUTE } from './verify.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let ip = 1;
const check = (path: string, from = `198.51.100.${ip++}`) => t.rawInject({ method: 'GET', url: `/api/verify/${path}`, remoteAddress: from });

describe('GET /api/verify/{grader}/{certNumber}', () => {
  it('answers for a vaulted slab with no sign-in: since when, the grade and description as PSA states them, the last PSA check', async () => {
    const res = await check('PSA/25531870');
    expect(res.statusCode, res.body).toBe(200);
    const [card] = await t.db
      .select()
      .from(cards)
      .where(and(eq(cards.grader, 'PSA'), eq(cards.certNumber, '25531870')));
    const events = await t.db.select().from(cardEvents).where(eq(cardEvents.cardId, card!.id));
    const vaulted = events.filter((e) => e.kind === 'custody_changed' && e.data.to === 'in_vault').at(-1)!;
    const checked = events.filter((e) => e.kind === 'psa_rechecked').at(-1)!;
    // Exactly these keys: nothing about the owner, the value or our card's id.
    expect(res.json()).toEqual({
      grader: 'PSA',
      certNumber: '25531870',
      inVault: true,
      since: vaulted.at.toISOString(),
      grade: 'MINT 9',
      description: expect.stringMatching(/1986 Fleer Michael Jordan #57/i),
      lastCheckedAt: checked.at.toISOString(),
    });
    expect(res.body).not.toContain(card!.ownerId);
    expect(res.body).not.toContain(String(card!.estimatedValueCents));
  });

  it('says a slab we hold but that is not in the vault is not, with no date', async () => {
    const res = await check('PSA/61873204');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ inVault: false, since: null, grade: 'GEM MT 10' });
  });

  it('answers 404 with a plain sentence for a slab we do not hold, or no longer do', async () => {
    const res = await check('PSA/99999998');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(verifyMessages.notHeld);
    await t.db
      .update(cards)
      .set({ deletedAt: new Date() })
      .where(and(eq(cards.grader, 'PSA'), eq(cards.certNumber, '53310267')));
    expect((await check('PSA/53310267')).statusCode).toBe(404);
    // Another grader's number is another slab.
    expect((await check('SGC/25531870')).statusCode).toBe(404);
  });

  it('refuses what is not a certificate: a raw card, letters, an unknown grader', async () => {
    for (const path of ['raw/123', 'PSA/abc', 'XYZ/123']) expect((await check(path)).statusCode, path).toBe(400);
    // A pasted '#' and spaces are forgiven, as everywhere.
    expect((await check('PSA/%23%2025531870')).statusCode).toBe(200);
  });

  it(`limits one address to ${VERIFY_REQUESTS_PER_IP_PER_MINUTE} checks a minute`, async () => {
    const from = '203.0.113.99';
    for (let i = 0; i < VERIFY_REQUESTS_PER_IP_PER_MINUTE; i++) expect((await check('PSA/99999998', from)).statusCode).toBe(404);
    const limited = await check('PSA/25531870', from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(verifyMessages.tooMany);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check('PSA/25531870', '203.0.113.100')).statusCode).toBe(200);
  });
});
