import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS_PER_MEMBER_MAX, alertMessages, type Alert, type AlertsResponse } from '#common/alerts.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { priceAlertEvents } from '#server/db/schema/alerts.ts';
import { enqueueJob, JobRunner } from '#server/lib/jobs.ts';
import { houseAccountId } from '#server/modules/cards/index.ts';
import { addObservations, createCard, createConstituent, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { ALERTS_EVALUATE_JOB, alertsJobs } from './alerts.jobs.ts';
import { evaluateListing, evaluatePrices } from './alerts.service.ts';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;
let runner: JobRunner;
let jordan: string;
let griffey: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await signedInAdmin(t, { name: 'Index Admin' });
  member = await signedInMember(t, { name: 'Watching Member' });
  other = await signedInMember(t, { name: 'Other Member' });
  runner = new JobRunner(t.db, t.clock, alertsJobs(t.app.ctx));
  jordan = (await createConstituent(t, { player: 'Michael Jordan', year: 1986, set: 'Fleer', cardNumber: '57', grader: 'PSA', grade: 9 })).id;
  griffey = (await createConstituent(t, { player: 'Ken Griffey Jr.', year: 1989, set: 'Upper Deck', cardNumber: '1', grade: 10, sport: 'baseball' }))
    .id;
  // Both at $100 today.
  await addObservations(t, jordan, [['2026-05-01', 10_000]]);
  await addObservations(t, griffey, [['2026-05-01', 10_000]]);
});
afterAll(() => t?.close());

const api = (who: SignedInUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, payload: payload as never });

const create = (who: SignedInUser, body: Record<string, unknown>) => api(who, 'POST', '/api/user/alerts', body);
const list = async (who: SignedInUser) => (await api(who, 'GET', '/api/user/alerts')).json<AlertsResponse>().alerts;

let saleSeq = 0;
/** Imports one sale today-ish through the admin import, as the desk does; returns how many evaluations ran. */
async function importPrice(constituentId: string, day: string, dollars: number) {
  const csv = ['constituent_id,date,price,source,sale_ref', `${constituentId},${day},${dollars},Goldin,A-${++saleSeq}`].join('\n');
  const res = await api(admin, 'POST', '/api/admin/index/prices/import', { csv, dryRun: false });
  expect(res.json()).toMatchObject({ committed: true, accepted: 1 });
  return runner.runDue();
}

const told = (who: SignedInUser, kind: 'price_alert' | 'listing_alert') =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.userId), eq(notifications.kind, kind)));

describe('creating alerts', () => {
  it('refuses an alert with nothing to watch, a price band upside down, or thresholds on a search', async () => {
    const none = await create(member, { kind: 'constituent', targetId: jordan });
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(alertMessages.nothingToWatch);
    expect((await create(member, { kind: 'constituent', targetId: jordan, above: 20_000, below: 30_000 })).body).toContain(alertMessages.bandOrder);
    expect((await create(member, { kind: 'constituent', above: 20_000 })).body).toContain(alertMessages.targetRequired);
    expect((await create(member, { kind: 'search', query: { q: 'Jordan' }, below: 500 })).body).toContain(alertMessages.searchPrices);
    expect((await create(member, { kind: 'search', query: { q: 'Jordan' } })).body).toContain(alertMessages.searchNeedsListings);
    expect((await create(member, { kind: 'constituent', targetId: jordan, above: 0 })).statusCode).toBe(400);
    expect((await create(member, { kind: 'constituent', targetId: jordan, above: 12.5 })).statusCode).toBe(400);
    expect((await create(member, { kind: 'constituent', targetId: jordan, above: 20_000, extra: 1 })).statusCode).toBe(400);
    expect(await list(member)).toEqual([]);
  });

  it('checks that the constituent exists and the thresholds are not already crossed', async () => {
    const missing = await create(member, { kind: 'constituent', targetId: '00000000-0000-4000-8000-000000000000', above: 20_000 });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(alertMessages.constituentNotFound);
    const above = await create(member, { kind: 'constituent', targetId: jordan, above: 10_000 });
    expect(above.statusCode).toBe(400);
    expect(above.json().fieldErrors?.above ?? above.body).toEqual(expect.anything());
    expect(above.body).toContain('The price above must be higher than the current price ($100.00)');
    expect((await create(member, { kind: 'constituent', targetId: jordan, below: 10_000 })).body).toContain('lower than the current price');
  });

  it("checks a saved search against the gallery's filter shape", async () => {
    expect((await create(member, { kind: 'search', query: { sport: 'curling' }, newListings: true })).statusCode).toBe(400);
    expect((await create(member, { kind: 'search', query: { minPriceCents: 9000, maxPriceCents: 100 }, newListings: true })).statusCode).toBe(400);
    const ok = await create(member, { kind: 'search', query: { q: 'Griffey', grader: 'PSA', page: 3, sort: 'price_asc' }, newListings: true });
    expect(ok.statusCode, ok.body).toBe(201);
    // Paging and order say nothing about which listings match: not kept.
    expect(ok.json<Alert>()).toMatchObject({
      kind: 'search',
      status: 'armed',
      query: { q: 'Griffey', grader: 'PSA' },
      label: 'Listings: “Griffey” · PSA',
    });
    expect(ok.json<Alert>().query).not.toHaveProperty('page');
    expect((await api(member, 'DELETE', `/api/user/alerts/${ok.json<Alert>().id}`)).statusCode).toBe(200);
  });

  it('keeps one live watch per constituent and at most the cap per member, also when created at once', async () => {
    const first = await create(other, { kind: 'constituent', targetId: griffey, below: 5_000 });
    expect(first.statusCode, first.body).toBe(201);
    const again = await create(other, { kind: 'constituent', targetId: griffey, above: 50_000 });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(alertMessages.duplicate);
    for (let i = 1; i < ALERTS_PER_MEMBER_MAX - 1; i++)
      expect((await create(other, { kind: 'search', query: { minPriceCents: i * 100 }, newListings: true })).statusCode).toBe(201);
    // One place left; three ask for it at the same moment.
    const racing = await Promise.all(
      [1, 2, 3].map((i) => create(other, { kind: 'search', query: { maxPriceCents: i * 100_000 }, newListings: true })),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(racing.find((r) => r.statusCode === 409)!.body).toContain(alertMessages.tooMany);
    const mine = await list(other);
    expect(mine).toHaveLength(ALERTS_PER_MEMBER_MAX);
    // Removing one frees a place; a removed constituent watch may be set again.
    expect((await api(other, 'DELETE', `/api/user/alerts/${first.json<Alert>().id}`)).statusCode).toBe(200);
    expect((await create(other, { kind: 'constituent', targetId: griffey, above: 50_000 })).statusCode).toBe(201);
    for (const a of await list(other)) await api(other, 'DELETE', `/api/user/alerts/${a.id}`);
    expect(await list(other)).toEqual([]);
  });
});

describe('ownership', () => {
  it("a member neither sees nor removes another member's alert", async () => {
    const mine = (await create(member, { kind: 'constituent', targetId: griffey, above: 90_000 })).json<Alert>();
    expect((await list(other)).map((a) => a.id)).not.toContain(mine.id);
    expect((await api(other, 'DELETE', `/api/user/alerts/${mine.id}`)).statusCode).toBe(404);
    expect((await list(member)).map((a) => a.id)).toContain(mine.id);
    expect((await api(member, 'DELETE', `/api/user/alerts/${mine.id}`)).statusCode).toBe(200);
    expect((await api(member, 'DELETE', `/api/user/alerts/${mine.id}`)).statusCode).toBe(404);
    expect((await list(member)).map((a) => a.id)).not.toContain(mine.id);
    const history = await t.db.select().from(priceAlertEvents).where(eq(priceAlertEvents.alertId, mine.id));
    expect(history.map((h) => h.toStatus)).toEqual(['armed', 'removed']);
  });
});

describe('price crossings', () => {
  let alert: Alert;

  it('fires once per crossing, with a notification, and re-arms when the price goes back', async () => {
    alert = (await create(member, { kind: 'constituent', targetId: jordan, above: 12_000, below: 8_000 })).json<Alert>();
    expect(alert).toMatchObject({ status: 'armed', constituent: { id: jordan, lastPriceCents: 10_000 }, above: 12_000, below: 8_000 });

    // Inside the band: nothing.
    expect(await importPrice(jordan, '2026-05-10', 110)).toBe(1);
    expect(await told(member, 'price_alert')).toHaveLength(0);

    // Across the top: told once.
    await importPrice(jordan, '2026-05-20', 130);
    const first = await told(member, 'price_alert');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ title: 'Price alert', link: `/WonderShyneIndex/${jordan}` });
    expect(first[0].message).toBe('1986 Fleer Michael Jordan #57 PSA 9 rose to $130.00, above your $120.00');
    expect((await list(member)).find((a) => a.id === alert.id)).toMatchObject({
      status: 'fired',
      lastFiring: { reason: 'above', priceCents: 13_000, listingId: null },
    });

    // Still above: the same crossing, not told again.
    await importPrice(jordan, '2026-05-25', 140);
    expect(await told(member, 'price_alert')).toHaveLength(1);

    // Back inside: re-armed, silently.
    await importPrice(jordan, '2026-05-27', 100);
    expect((await list(member)).find((a) => a.id === alert.id)?.status).toBe('armed');
    expect(await told(member, 'price_alert')).toHaveLength(1);

    // Across the bottom: a new crossing.
    await importPrice(jordan, '2026-05-29', 75);
    const second = await told(member, 'price_alert');
    expect(second).toHaveLength(2);
    expect(second.map((n) => n.message)).toContain('1986 Fleer Michael Jordan #57 PSA 9 fell to $75.00, below your $80.00');

    // Straight from below to above is a crossing too.
    await importPrice(jordan, '2026-05-31', 150);
    expect(await told(member, 'price_alert')).toHaveLength(3);

    const history = await t.db.select().from(priceAlertEvents).where(eq(priceAlertEvents.alertId, alert.id)).orderBy(priceAlertEvents.seq);
    expect(history.map((h) => h.toStatus)).toEqual(['armed', 'fired', 'armed', 'fired', 'armed', 'fired']);
  });

  it('queues an evaluation only with prices that were committed', async () => {
    const pending = () => t.db.select().from(jobs).where(eq(jobs.name, ALERTS_EVALUATE_JOB));
    const csv = ['constituent_id,date,price,source,sale_ref', `${jordan},2026-05-30,500,Goldin,DRY-1`].join('\n');
    expect((await api(admin, 'POST', '/api/admin/index/prices/import', { csv, dryRun: true })).json()).toMatchObject({ committed: false });
    expect(await pending()).toHaveLength(0);
    expect((await api(admin, 'POST', '/api/admin/index/prices/import', { csv, dryRun: false })).json()).toMatchObject({ committed: true });
    expect((await pending()).map((j) => j.payload)).toEqual([{ trigger: 'prices', constituentIds: [jordan] }]);
    // Already crossed above at the last import: the same crossing, so nothing new.
    const before = (await told(member, 'price_alert')).length;
    await runner.runDue();
    expect(await told(member, 'price_alert')).toHaveLength(before);
  });

  it('tells once when two evaluations of the same crossing run at once', async () => {
    await importPrice(jordan, '2026-06-01', 100);
    expect((await list(member)).find((a) => a.id === alert.id)?.status).toBe('armed');
    await addObservations(t, jordan, [['2026-06-01', 50_000]]);
    const before = (await told(member, 'price_alert')).length;
    const fired = await Promise.all([
      evaluatePrices(t.app.ctx, { constituentIds: [jordan] }),
      evaluatePrices(t.app.ctx, { constituentIds: [jordan] }),
      evaluatePrices(t.app.ctx, { constituentIds: [jordan] }),
    ]);
    expect(fired.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await told(member, 'price_alert')).toHaveLength(before + 1);
  });

  it('a removed alert never fires', async () => {
    expect((await api(member, 'DELETE', `/api/user/alerts/${alert.id}`)).statusCode).toBe(200);
    const before = (await told(member, 'price_alert')).length;
    await importPrice(jordan, '2026-06-01', 10);
    expect(await told(member, 'price_alert')).toHaveLength(before);
  });
});

describe('new listings', () => {
  async function listHouseCard(card: Parameters<typeof createCard>[2], priceCents: number) {
    const c = await createCard(t, { id: await houseAccountId(t.db) }, { custody: 'in_vault', ...card });
    const res = await api(admin, 'POST', '/api/admin/listings', { cardId: c.id, priceCents });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  }

  it("tells a member of a listing of their constituent's card or one their saved search matches, once, and nothing else", async () => {
    const byCard = (await create(member, { kind: 'constituent', targetId: griffey, newListings: true })).json<Alert>();
    const bySearch = (
      await create(other, { kind: 'search', query: { q: 'Griffey', grader: 'PSA', maxPriceCents: 1_000_000 }, newListings: true })
    ).json<Alert>();
    expect(bySearch.status).toBe('armed');

    // A different card: neither alert.
    await listHouseCard(
      { subject: 'Mike Trout', year: 2011, brand: 'Topps Update', cardNumber: 'US175', sport: 'baseball', grade: 'GEM MT 10' },
      400_000,
    );
    await runner.runDue();
    expect(await told(member, 'listing_alert')).toHaveLength(0);
    expect(await told(other, 'listing_alert')).toHaveLength(0);

    // Griffey in PSA 9: the search matches, the PSA 10 constituent does not.
    await listHouseCard(
      { subject: 'Ken Griffey Jr.', year: 1989, brand: 'Upper Deck', cardNumber: '1', sport: 'baseball', grade: 'MINT 9' },
      300_000,
    );
    await runner.runDue();
    expect(await told(member, 'listing_alert')).toHaveLength(0);
    expect(await told(other, 'listing_alert')).toHaveLength(1);

    // The constituent's own card at a price past the search's cap: only the constituent watch.
    const id = await listHouseCard(
      { subject: 'Ken Griffey Jr.', year: 1989, brand: 'Upper Deck', cardNumber: '1', sport: 'baseball', grade: 'GEM MT 10' },
      2_000_000,
    );
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${ALERTS_EVALUATE_JOB}:listing:${id}`)),
    ).toHaveLength(1);
    await runner.runDue();
    const mine = await told(member, 'listing_alert');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ title: 'New listing you watch', link: `/secure/${id}` });
    expect(mine[0].message).toBe('1989 Upper Deck Ken Griffey Jr. #1 was listed on the Private MarketPlace at $20,000.00');
    expect(await told(other, 'listing_alert')).toHaveLength(1);
    expect((await list(member)).find((a) => a.id === byCard.id)?.lastFiring).toMatchObject({
      reason: 'listing',
      listingId: id,
      priceCents: 2_000_000,
    });

    // Evaluating the same listing again, even several times at once, tells nobody twice.
    await enqueueJob(t.db, { name: ALERTS_EVALUATE_JOB, runAt: t.clock.now(), payload: { trigger: 'listing', listingId: id } });
    await runner.runDue();
    const again = await Promise.all([1, 2, 3].map(() => evaluateListing(t.app.ctx, { listingId: id })));
    expect(again).toEqual([0, 0, 0]);
    expect(await told(member, 'listing_alert')).toHaveLength(1);
  });

  it("offers the listing page the card's constituent and a search for the same card", async () => {
    const id = await listHouseCard(
      { subject: 'Michael Jordan', year: 1986, brand: 'Fleer', cardNumber: '57', sport: 'basketball', grade: 'MINT 9' },
      900_000,
    );
    const res = await api(member, 'GET', `/api/user/alerts/listing-targets/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      constituent: { id: jordan, name: '1986 Fleer Michael Jordan #57 PSA 9' },
      sameCard: { q: 'Michael Jordan 1986', sport: 'basketball', grader: 'PSA', minGrade: 9, maxGrade: 9 },
    });
    expect((await api(member, 'GET', '/api/user/alerts/listing-targets/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the evaluation job', () => {
  it('keeps a malformed payload failed with its reason', async () => {
    await enqueueJob(t.db, {
      name: ALERTS_EVALUATE_JOB,
      runAt: t.clock.now(),
      key: 'bad-alerts-job',
      payload: { trigger: 'prices', constituentIds: [] },
    });
    await runner.runDue();
    const [kept] = await t.db.select().from(jobs).where(eq(jobs.key, 'bad-alerts-job'));
    expect(kept.attempts).toBe(kept.maxAttempts);
    expect(kept.lastError).toMatch(/malformed payload: .*constituentIds/s);
  });
});
