import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardDetail, RegistryResponse } from '#common/cards.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { addObservations, createCard, createConstituent, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

// A registry card that matches an index constituent follows its market price unless its owner
// pins an estimate (decision 051). The test clock reads 2026-06-01.
let t: TestApp;
let owner: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;
let matched: string;
let plain: string;
let constituentId: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  owner = await signedInMember(t, { name: 'Pin Owner' });
  other = await signedInMember(t, { name: 'Someone Else' });
  admin = await signedInAdmin(t);
  const identity = {
    player: 'Pinned Player',
    year: 1990,
    set: 'Pin Set',
    cardNumber: '7',
    grader: 'PSA' as const,
    grade: 9,
    sport: 'baseball' as const,
  };
  constituentId = (await createConstituent(t, identity)).id;
  // Two sales on the last day: the day's price is their average.
  await addObservations(t, constituentId, [
    ['2026-05-01', 200_000],
    ['2026-05-20', 240_000],
    ['2026-05-20', 260_000],
    // After "today": not a price yet.
    ['2026-06-10', 990_000],
  ]);
  matched = (
    await createCard(
      t,
      { id: owner.userId },
      { subject: 'pinned player', year: 1990, brand: 'PIN SET', cardNumber: '7', grade: 'MINT 9', sport: 'baseball', estimatedValueCents: 300_000 },
    )
  ).id;
  plain = (await createCard(t, { id: owner.userId }, { subject: 'Nobody Traded', estimatedValueCents: 50_000 })).id;
});
afterAll(async () => t?.close());

const api = (who: SignedInUser | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers, payload: payload as never });
const registry = async (): Promise<RegistryResponse> => (await api(owner, 'GET', '/api/registry')).json();
const card = async (id: string): Promise<CardDetail> => (await api(owner, 'GET', `/api/cards/${id}`)).json();
const editedEvents = async (id: string) =>
  (await t.db.select().from(cardEvents).where(eq(cardEvents.cardId, id)).orderBy(asc(cardEvents.seq)))
    .filter((e) => e.kind === 'edited')
    .map((e) => e.data);

describe('market value and a pinned estimate', () => {
  it('values a matching card at its market price, with the day of the last sale, and counts it in the total', async () => {
    const reg = await registry();
    expect(reg.totalEstimatedValueCents).toBe(250_000 + 50_000);
    expect(reg.atMarketValue).toBe(1);
    const row = reg.cards.find((c) => c.id === matched)!;
    expect(row.estimatePinned).toBe(false);
    expect(row.valuation).toEqual({
      valueCents: 250_000,
      source: 'market',
      market: { constituentId, name: '1990 Pin Set Pinned Player #7 PSA 9', priceCents: 250_000, observedOn: '2026-05-20', stale: false },
    });
    expect(reg.cards.find((c) => c.id === plain)!.valuation).toEqual({ valueCents: 50_000, source: 'estimate', market: null });
    expect((await card(matched)).valuation.source).toBe('market');
  });

  it('pins the owner’s estimate: the total and the comparison use it, and the card’s provenance says so', async () => {
    const res = await api(owner, 'PUT', `/api/cards/${matched}/pinned-estimate`, { estimatedValueCents: 320_000 });
    expect(res.statusCode, res.body).toBe(200);
    const detail: CardDetail = res.json();
    expect(detail).toMatchObject({
      estimatePinned: true,
      estimatedValueCents: 320_000,
      valuation: { valueCents: 320_000, source: 'estimate', market: { priceCents: 250_000 } },
    });
    expect(detail.events.at(-1)).toMatchObject({ kind: 'edited', actor: { id: owner.userId } });

    const reg = await registry();
    expect(reg.totalEstimatedValueCents).toBe(320_000 + 50_000);
    expect(reg.atMarketValue).toBe(0);
    const collection = (await api(owner, 'GET', '/api/index/collection')).json();
    expect(collection.following).toEqual([]);

    // The same pin again changes nothing and records nothing.
    expect((await api(owner, 'PUT', `/api/cards/${matched}/pinned-estimate`, { estimatedValueCents: 320_000 })).statusCode).toBe(200);
    expect(await editedEvents(matched)).toEqual([
      { changes: { estimatePinned: { from: false, to: true }, estimatedValueCents: { from: 300_000, to: 320_000 } } },
    ]);
  });

  it('follows the market again, keeping the estimate for next time', async () => {
    const res = await api(owner, 'DELETE', `/api/cards/${matched}/pinned-estimate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estimatePinned: false, estimatedValueCents: 320_000, valuation: { valueCents: 250_000, source: 'market' } });
    expect((await registry()).totalEstimatedValueCents).toBe(250_000 + 50_000);
    expect((await editedEvents(matched)).at(-1)).toEqual({ changes: { estimatePinned: { from: true, to: false } } });
    const collection = (await api(owner, 'GET', '/api/index/collection')).json();
    expect(collection.following).toEqual([expect.objectContaining({ cardId: matched, marketValueCents: 250_000, observedOn: '2026-05-20' })]);
  });

  it('lets a card with no market price be pinned too: its estimate counts either way', async () => {
    const res = await api(owner, 'PUT', `/api/cards/${plain}/pinned-estimate`, { estimatedValueCents: 55_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().valuation).toEqual({ valueCents: 55_000, source: 'estimate', market: null });
  });

  it('refuses amounts that are not whole cents in range', async () => {
    for (const estimatedValueCents of [-1, 12.5, 10_000_000_001, '100']) {
      expect((await api(owner, 'PUT', `/api/cards/${matched}/pinned-estimate`, { estimatedValueCents })).statusCode).toBe(400);
    }
    expect((await api(owner, 'PUT', `/api/cards/${matched}/pinned-estimate`, { estimatedValueCents: 1, ownerId: other.userId })).statusCode).toBe(
      400,
    );
  });

  it('security: nobody else pins or unpins the owner’s card, not even an admin, and nothing about it leaks', async () => {
    const [before] = await t.db.select().from(cards).where(eq(cards.id, matched));
    const eventsBefore = await editedEvents(matched);
    for (const who of [other, admin]) {
      const pin = await api(who, 'PUT', `/api/cards/${matched}/pinned-estimate`, { estimatedValueCents: 1 });
      expect(pin.statusCode).toBe(404);
      expect(pin.body).not.toContain('Pinned Player');
      expect((await api(who, 'DELETE', `/api/cards/${matched}/pinned-estimate`)).statusCode).toBe(404);
    }
    expect((await api(null, 'PUT', `/api/cards/${matched}/pinned-estimate`, { estimatedValueCents: 1 })).statusCode).toBe(401);
    expect((await api(null, 'DELETE', `/api/cards/${matched}/pinned-estimate`)).statusCode).toBe(401);
    const [after] = await t.db.select().from(cards).where(eq(cards.id, matched));
    expect(after).toEqual(before);
    expect(await editedEvents(matched)).toEqual(eventsBefore);
  });
});

describe('the registry in value order', () => {
  it('sorts by what a card counts for: its market value while it follows the market', async () => {
    const me = await signedInMember(t);
    const follows = (
      await createCard(
        t,
        { id: me.userId },
        { subject: 'Pinned Player', year: 1990, brand: 'Pin Set', cardNumber: '7', grade: 'MINT 9', estimatedValueCents: 300_000 },
      )
    ).id;
    const between = (await createCard(t, { id: me.userId }, { subject: 'Between', estimatedValueCents: 280_000 })).id;
    const low = (await createCard(t, { id: me.userId }, { subject: 'Low', estimatedValueCents: 50_000 })).id;
    const get = async (qs: string) => (await api(me, 'GET', `/api/registry${qs}`)).json<RegistryResponse>();
    const byValue = await get('?sort=value');
    expect(byValue.cards.map((c) => c.id)).toEqual([between, follows, low]);
    expect(byValue).toMatchObject({ totalEstimatedValueCents: 280_000 + 250_000 + 50_000, atMarketValue: 1, count: 3, totalCount: 3 });
    // Year, oldest first, then value; the market value also when the card is not on the page.
    expect((await get('?sort=year')).cards.map((c) => c.id)).toEqual([between, low, follows]);
    expect(await get('?sort=value&pageSize=1&page=2')).toMatchObject({
      cards: [{ id: follows, valuation: { source: 'market', valueCents: 250_000 } }],
      totalEstimatedValueCents: 580_000,
    });
  });
});
