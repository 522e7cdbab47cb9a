import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardMessages, type CardDetail } from '#common/cards.ts';
import { certClaimMessages } from '#common/cert-claims.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { unregisteredPsaCerts } from '#server/db/seed/demo-cards.ts';
import { startFakePsa, type FakePsa } from '#server/test/fake-psa.ts';
import { createCard, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { PSA_RECHECK_JOB } from './cards.service.ts';

/** Issue 29, finding 9: only a certificate PSA confirms may say "registered from PSA"; a taken one offers a claim. */

let t: TestApp;
let bare: TestApp;
let psa: FakePsa;

beforeAll(async () => {
  psa = await startFakePsa();
  t = await createTestApp({ env: { PSA_API_URL: psa.url, PSA_API_TOKEN: psa.token } });
  // No PSA token: nothing can be confirmed.
  bare = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await psa?.close();
});

const api = (app: TestApp, who: SignedInUser, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: who.headers, payload: payload as never });

let certSeq = 93_000_000;
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
  source: 'psa',
  ...overrides,
});

async function registeredEvent(app: TestApp, who: SignedInUser, cardId: string) {
  const detail = (await api(app, who, 'GET', `/api/cards/${cardId}`)).json<CardDetail>();
  return { detail, event: detail.events.find((e) => e.kind === 'registered')! };
}

describe('POST /api/cards with source psa', () => {
  it('registers a certificate PSA does not know as entered by hand, flagged for review, never "from PSA"', async () => {
    const me = await signedInMember(t);
    const res = await api(t, me, 'POST', '/api/cards', slab());
    expect(res.statusCode, res.body).toBe(201);
    const { detail, event } = await registeredEvent(t, me, res.json().id);
    expect(event.data).toMatchObject({ source: 'manual', psaUnconfirmed: 'not_found' });
    expect(event.data.source).not.toBe('psa');
    expect(detail.needsReview).toBe(true);
  });

  it('takes the fields from PSA’s answer when PSA confirms the certificate, whatever was typed', async () => {
    const me = await signedInMember(t);
    const cert = unregisteredPsaCerts[1]; // 1997 Topps Chrome Tim Duncan, MINT 9
    const res = await api(
      t,
      me,
      'POST',
      '/api/cards',
      slab({ certNumber: cert.certNumber, grade: 'GEM MT 10', subject: 'Somebody Else', year: 2001 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      grader: 'PSA',
      grade: cert.grade,
      gradeValue: 9,
      subject: cert.subject,
      year: Number(cert.year),
      brand: cert.brand,
      needsReview: false,
    });
    const { event } = await registeredEvent(t, me, res.json().id);
    expect(event.data).toEqual({ source: 'psa' });
  });

  it('uses the 30-day cache: a certificate just looked up is not asked of PSA again', async () => {
    const me = await signedInMember(t);
    const cert = unregisteredPsaCerts[2];
    expect((await api(t, me, 'GET', `/api/psa/cert/${cert.certNumber}`)).statusCode).toBe(200);
    const before = psa.calls(cert.certNumber);
    const res = await api(t, me, 'POST', '/api/cards', slab({ certNumber: cert.certNumber }));
    expect(res.statusCode, res.body).toBe(201);
    expect(psa.calls(cert.certNumber)).toBe(before);
    expect((await registeredEvent(t, me, res.json().id)).event.data).toEqual({ source: 'psa' });
  });

  it('with PSA unreachable: registered by hand, and a re-check is queued to ask again', async () => {
    const me = await signedInMember(t);
    psa.failNext(503, 5);
    const res = await api(t, me, 'POST', '/api/cards', slab());
    expect(res.statusCode, res.body).toBe(201);
    const { event } = await registeredEvent(t, me, res.json().id);
    expect(event.data).toMatchObject({ source: 'manual', psaUnconfirmed: 'unavailable' });
    const queued = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${PSA_RECHECK_JOB}:${res.json().id}`));
    expect(queued).toHaveLength(1);
  });

  it('with PSA not configured: registered by hand, saying so, and nothing queued', async () => {
    const me = await signedInMember(bare);
    const res = await api(bare, me, 'POST', '/api/cards', slab());
    expect(res.statusCode, res.body).toBe(201);
    const { event } = await registeredEvent(bare, me, res.json().id);
    expect(event.data).toMatchObject({ source: 'manual', psaUnconfirmed: 'unavailable', message: expect.any(String) });
    expect(
      await bare.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${PSA_RECHECK_JOB}:${res.json().id}`)),
    ).toHaveLength(0);
  });

  it('refuses source psa for a card that is not a PSA slab', async () => {
    const me = await signedInMember(t);
    const res = await api(t, me, 'POST', '/api/cards', slab({ grader: 'BGS' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: cardMessages.psaSourceNotPsa, fieldErrors: { grader: [cardMessages.psaSourceNotPsa] } });
  });
});

describe('a certificate already registered', () => {
  it('by another member: 409 saying so, with the offer to claim it (and without naming the holder)', async () => {
    const holder = await signedInMember(t, { name: 'Squat Holder' });
    const me = await signedInMember(t);
    const card = await createCard(t, { id: holder.userId });
    const res = await api(t, me, 'POST', '/api/cards', slab({ certNumber: card.certNumber, source: 'manual' }));
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'error',
      error: certClaimMessages.registeredElsewhere,
      code: 'cert_registered_elsewhere',
      claim: { grader: 'PSA', certNumber: card.certNumber, openClaimId: null },
      fieldErrors: { certNumber: [certClaimMessages.registeredElsewhere] },
    });
    expect(res.body).not.toContain('Squat Holder');
    expect(res.body).not.toContain(holder.userId);
    // Refused before PSA was asked.
    expect(psa.calls(card.certNumber!)).toBe(0);
  });

  it('by the caller: 409 without a claim offer', async () => {
    const me = await signedInMember(t);
    const card = await createCard(t, { id: me.userId });
    const res = await api(t, me, 'POST', '/api/cards', slab({ certNumber: card.certNumber, source: 'manual' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(certClaimMessages.alreadyYours);
    expect(res.json().claim).toBeUndefined();
  });
});
