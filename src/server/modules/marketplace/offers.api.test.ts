import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#common/live.ts';
import {
  marketplaceMessages,
  type CardRequest,
  type ListingsResponse,
  type PromotionRequest,
  type SecureAnalyticsResponse,
  type SellOffer,
} from '#common/marketplace.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { listings, sales, secureViews } from '#server/db/schema/marketplace.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { houseAccountId } from '#server/modules/cards/index.ts';
import { createCard, createListing, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;
const published: { audience: unknown; event: LiveEvent }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, { name: 'Vault Admin' });
  member = await signedInMember(t, { name: 'Olive Owner' });
  other = await signedInMember(t, { name: 'Otto Other' });
  const original = t.app.ctx.live.publish.bind(t.app.ctx.live);
  t.app.ctx.live.publish = async (audience, event) => {
    published.push({ audience, event });
    return original(audience, event);
  };
});
afterAll(async () => {
  await t?.close();
});

const api = (who: SignedInUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...who?.headers, ...headers }, payload: payload as never });
const eventsOf = (type: LiveEvent['type']) => published.map((p) => p.event).filter((e) => e.type === type);

describe('card requests', () => {
  it('list: approve arranges pickup (in transit), receipt vaults the card and lists it at the asking price; events each step', async () => {
    const card = await createCard(t, member.user, { custody: 'with_owner' });
    published.length = 0;
    const res = await api(member, 'POST', '/api/user/requests', { cardId: card.id, kind: 'list', askingPriceCents: 333_300, note: 'Please list' });
    expect(res.statusCode, res.body).toBe(201);
    const req = res.json<CardRequest>();
    expect(req).toMatchObject({ status: 'pending', kind: 'list', askingPriceCents: 333_300 });
    expect(eventsOf('request_updated')).toContainEqual(expect.objectContaining({ userId: member.user.id, requestId: req.id, status: 'pending' }));
    expect((await t.db.select().from(cards).where(eq(cards.id, card.id)))[0]!.holdKind).toBe('card_request');
    // Twice while pending: 409.
    const twice = await api(member, 'POST', '/api/user/requests', { cardId: card.id, kind: 'vault' });
    expect(twice.statusCode).toBe(409);

    const approved = await api(admin, 'PATCH', `/api/admin/requests/${req.id}`, { action: 'approve', note: 'Courier Tuesday' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<CardRequest>()).toMatchObject({ status: 'approved', adminNote: 'Courier Tuesday', card: { custody: 'in_transit' } });
    expect(eventsOf('request_updated').at(-1)).toMatchObject({ status: 'approved', userId: member.user.id });

    const received = await api(admin, 'PATCH', `/api/admin/requests/${req.id}`, { action: 'receive' });
    expect(received.statusCode, received.body).toBe(200);
    const done = received.json<CardRequest>();
    expect(done).toMatchObject({ status: 'completed', card: { custody: 'in_vault' } });
    expect(done.history.map((h) => h.status)).toEqual(['pending', 'approved', 'completed']);
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, done.listingId!));
    expect(listing).toMatchObject({ sellerId: member.user.id, priceCents: 333_300, status: 'active' });
    expect((await t.db.select().from(cards).where(eq(cards.id, card.id)))[0]).toMatchObject({
      holdKind: 'listing',
      holdRef: listing!.id,
      ownerId: member.user.id,
    });
    expect(eventsOf('listing_updated')).toContainEqual(expect.objectContaining({ listingId: listing!.id, status: 'active' }));
    const mine = (await api(member, 'GET', '/api/user/requests')).json<{ requests: CardRequest[] }>().requests;
    expect(mine.map((r) => r.id)).toContain(req.id);
  });

  it('vault: reject releases the card; bad input and other members’ cards are refused', async () => {
    const card = await createCard(t, member.user);
    const bad = await api(member, 'POST', '/api/user/requests', { cardId: card.id, kind: 'list' });
    expect(bad.statusCode).toBe(400);
    const notMine = await api(other, 'POST', '/api/user/requests', { cardId: card.id, kind: 'vault' });
    expect(notMine.statusCode).toBe(404);
    const req = (await api(member, 'POST', '/api/user/requests', { cardId: card.id, kind: 'vault' })).json<CardRequest>();
    const rejected = await api(admin, 'PATCH', `/api/admin/requests/${req.id}`, { action: 'reject', note: 'Raw cards are not vaulted' });
    expect(rejected.json<CardRequest>().status).toBe('rejected');
    expect((await t.db.select().from(cards).where(eq(cards.id, card.id)))[0]!.holdKind).toBeNull();
    expect((await api(admin, 'PATCH', `/api/admin/requests/${req.id}`, { action: 'approve' })).statusCode).toBe(409);
    expect((await api(member, 'PATCH', `/api/admin/requests/${req.id}`, { action: 'approve' })).statusCode).toBe(403);
  });
});

describe('sell offers', () => {
  it('counter, then the member accepts: a sale to the house with the payout owed, the card the house’s, events throughout', async () => {
    const card = await createCard(t, member.user, { custody: 'in_vault' });
    published.length = 0;
    const created = await api(member, 'POST', '/api/user/sells', { cardId: card.id, priceCents: 500_000 });
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json<SellOffer>();
    expect((await api(member, 'POST', '/api/user/sells', { cardId: card.id, priceCents: 400_000 })).statusCode).toBe(409);
    const countered = await api(admin, 'PATCH', `/api/admin/sells/${offer.id}`, {
      action: 'counter',
      counterPriceCents: 450_000,
      note: 'Market is softer',
    });
    expect(countered.json<SellOffer>()).toMatchObject({ status: 'countered', counterPriceCents: 450_000 });
    expect(eventsOf('sell_updated').map((e) => (e as { status: string }).status)).toEqual(['pending', 'countered']);
    expect((await api(other, 'PATCH', `/api/user/sells/${offer.id}`, { action: 'accept_counter' })).statusCode).toBe(404);
    const accepted = await api(member, 'PATCH', `/api/user/sells/${offer.id}`, { action: 'accept_counter' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const a = accepted.json<SellOffer>();
    expect(a).toMatchObject({ status: 'accepted', finalPriceCents: 450_000 });
    expect(a.history.map((h) => h.status)).toEqual(['pending', 'countered', 'accepted']);
    const [sale] = await t.db.select().from(sales).where(eq(sales.sellOfferId, offer.id));
    expect(sale).toMatchObject({
      kind: 'sell_offer',
      sellerId: member.user.id,
      buyerId: await houseAccountId(t.db),
      priceCents: 450_000,
      payoutStatus: 'owed',
    });
    expect((await t.db.select().from(cards).where(eq(cards.id, card.id)))[0]).toMatchObject({
      ownerId: await houseAccountId(t.db),
      custody: 'in_vault',
      holdKind: null,
    });
    const kinds = (await t.db.select({ k: cardEvents.kind }).from(cardEvents).where(eq(cardEvents.cardId, card.id)).orderBy(cardEvents.seq)).map(
      (e) => e.k,
    );
    expect(kinds.slice(-2)).toEqual(['sold', 'transferred']);
    expect(eventsOf('sell_updated').at(-1)).toMatchObject({ status: 'accepted', userId: member.user.id });
  });

  it('refuses an offer on a listed card or a pledged one, and a bad price; reject releases', async () => {
    const listed = await createListing(t, { seller: member.user });
    const onListed = await api(member, 'POST', '/api/user/sells', { cardId: listed.cardId, priceCents: 1_000 });
    expect(onListed.statusCode).toBe(409);
    const card = await createCard(t, member.user);
    expect((await api(member, 'POST', '/api/user/sells', { cardId: card.id, priceCents: 0 })).statusCode).toBe(400);
    expect((await api(member, 'POST', '/api/user/sells', { cardId: card.id, priceCents: 10_000_000_001 })).statusCode).toBe(400);
    const o = (await api(member, 'POST', '/api/user/sells', { cardId: card.id, priceCents: 2_000 })).json<SellOffer>();
    expect((await api(admin, 'PATCH', `/api/admin/sells/${o.id}`, { action: 'counter' })).statusCode).toBe(400);
    expect((await api(admin, 'PATCH', `/api/admin/sells/${o.id}`, { action: 'reject' })).json<SellOffer>().status).toBe('rejected');
    expect((await t.db.select().from(cards).where(eq(cards.id, card.id)))[0]!.holdKind).toBeNull();
  });
});

describe('notifications', () => {
  const notesOf = async (who: SignedInUser, since: Date) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, who.user.id)))
      .filter((n) => n.createdAt >= since)
      .sort((a, b) => +a.createdAt - +b.createdAt);
  // A fresh moment: everything stored before it is older.
  const mark = () => {
    t.clock.advance(1000);
    return t.clock.now();
  };
  const notificationEvents = () => eventsOf('notification') as Extract<LiveEvent, { type: 'notification' }>[];

  it('card requests: admins hear of a new one; the member hears approval and receipt, silently on the wire; a cancel tells nobody', async () => {
    const owner = await signedInMember(t, { name: 'Nora Notified' });
    const card = await createCard(t, owner.user, { custody: 'with_owner', subject: 'Nolan Ryan', year: 1969 });
    const since = mark();
    published.length = 0;
    const req = (await api(owner, 'POST', '/api/user/requests', { cardId: card.id, kind: 'list', askingPriceCents: 120_000 })).json<CardRequest>();
    const [fresh] = await notesOf(admin, since);
    expect(fresh).toMatchObject({ kind: 'card_request_new', title: 'New card request', link: '/admin/requests?status=pending' });
    expect(fresh!.message).toBe('Nora Notified asks to list 1969 Nolan Ryan at $1,200.00');
    expect(await notesOf(owner, since)).toHaveLength(0);
    // request_updated already toasted the admins: the notification's own event only refreshes bells.
    expect(notificationEvents()).toEqual([expect.objectContaining({ title: 'New card request', silent: true })]);
    expect(notificationEvents()[0]!.userId).toBeUndefined();

    t.clock.advance(1000);
    await api(admin, 'PATCH', `/api/admin/requests/${req.id}`, { action: 'approve', note: 'Courier Tuesday.' });
    t.clock.advance(1000);
    await api(admin, 'PATCH', `/api/admin/requests/${req.id}`, { action: 'receive' });
    const mine = await notesOf(owner, since);
    expect(mine.map((n) => [n.kind, n.title, n.link])).toEqual([
      ['card_request_updated', 'Card request approved', '/sales?tab=requests'],
      ['card_request_updated', 'Card received into the vault', '/sales?tab=requests'],
    ]);
    expect(mine[0]!.message).toBe('Your request to list 1969 Nolan Ryan was approved: our team will arrange the pickup. Note: Courier Tuesday');
    expect(mine[1]!.message).toBe('1969 Nolan Ryan was received into the vault and is now listed on the Private MarketPlace');
    // The admins acted themselves: only the new request is in their bell.
    expect((await notesOf(admin, since)).map((n) => n.kind)).toEqual(['card_request_new']);
    expect((await notesOf(other, since)).length).toBe(0);

    const second = await createCard(t, owner.user);
    const r2 = (await api(owner, 'POST', '/api/user/requests', { cardId: second.id, kind: 'vault' })).json<CardRequest>();
    const before = (await notesOf(owner, since)).length;
    expect((await api(owner, 'PATCH', `/api/user/requests/${r2.id}`, { action: 'cancel' })).statusCode).toBe(200);
    expect(await notesOf(owner, since)).toHaveLength(before);
  });

  it('a rejected card request reaches the member, marked as bad news', async () => {
    const owner = await signedInMember(t, { name: 'Rex Rejected' });
    const card = await createCard(t, owner.user, { subject: 'Raw Rookie', year: 2021 });
    const since = mark();
    const req = (await api(owner, 'POST', '/api/user/requests', { cardId: card.id, kind: 'vault' })).json<CardRequest>();
    await api(admin, 'PATCH', `/api/admin/requests/${req.id}`, { action: 'reject', note: 'Raw cards are not vaulted' });
    const [n] = await notesOf(owner, since);
    expect(n).toMatchObject({
      kind: 'card_request_updated',
      title: 'Card request rejected',
      variant: 'destructive',
      message: 'Your request to vault 2021 Raw Rookie was rejected. Note: Raw cards are not vaulted',
    });
  });

  it('sell offers: admins hear of the offer and of the member’s answer to a counter; the member hears the counter and a rejection', async () => {
    const seller = await signedInMember(t, { name: 'Sid Seller' });
    const card = await createCard(t, seller.user, { custody: 'in_vault', subject: 'Ken Griffey Jr.', year: 1989 });
    const since = mark();
    const offer = (await api(seller, 'POST', '/api/user/sells', { cardId: card.id, priceCents: 80_000 })).json<SellOffer>();
    expect((await notesOf(admin, since)).map((n) => [n.kind, n.link, n.message])).toEqual([
      ['sell_offer_new', '/admin/requests?tab=sells', 'Sid Seller offers 1989 Ken Griffey Jr. to the house for $800.00'],
    ]);
    expect(await notesOf(seller, since)).toHaveLength(0);
    t.clock.advance(1000);
    await api(admin, 'PATCH', `/api/admin/sells/${offer.id}`, { action: 'counter', counterPriceCents: 70_000 });
    const [countered] = await notesOf(seller, since);
    expect(countered).toMatchObject({ kind: 'sell_offer_updated', title: 'Sell offer countered', link: '/sales?tab=sells' });
    expect(countered!.message).toContain('$700.00');
    t.clock.advance(1000);
    await api(seller, 'PATCH', `/api/user/sells/${offer.id}`, { action: 'accept_counter' });
    // The member's own answer is the admins' news, not theirs.
    expect(await notesOf(seller, since)).toHaveLength(1);
    expect((await notesOf(admin, since)).at(-1)).toMatchObject({
      kind: 'sell_offer_updated',
      title: 'Counter answered',
      message: 'Sid Seller accepted the counter of $700.00 for 1989 Ken Griffey Jr.',
    });

    const other2 = await createCard(t, seller.user);
    const o2 = (await api(seller, 'POST', '/api/user/sells', { cardId: other2.id, priceCents: 5_000 })).json<SellOffer>();
    t.clock.advance(1000);
    await api(admin, 'PATCH', `/api/admin/sells/${o2.id}`, { action: 'reject' });
    expect((await notesOf(seller, since)).at(-1)).toMatchObject({ kind: 'sell_offer_updated', title: 'Sell offer rejected', variant: 'destructive' });
    expect(await notesOf(other, since)).toHaveLength(0);
  });

  it('an offer accepted at once tells the member the price the house paid', async () => {
    const seller = await signedInMember(t);
    const card = await createCard(t, seller.user, { subject: 'Quick Sale', year: 2000 });
    const since = mark();
    const offer = (await api(seller, 'POST', '/api/user/sells', { cardId: card.id, priceCents: 9_900 })).json<SellOffer>();
    await api(admin, 'PATCH', `/api/admin/sells/${offer.id}`, { action: 'accept', note: 'Welcome aboard' });
    expect(await notesOf(seller, since)).toEqual([
      expect.objectContaining({
        kind: 'sell_offer_updated',
        title: 'Sell offer accepted',
        message: 'The house bought 2000 Quick Sale for $99.00. Note: Welcome aboard',
      }),
    ]);
  });
});

describe('promotion requests', () => {
  it('the seller asks, the admin approves: the listing is featured first on /secure; others cannot ask', async () => {
    const tag = `Promo${Date.now()}`;
    const l = await createListing(t, { seller: member.user, priceCents: 1_000, card: { subject: `${tag} One` } });
    const plain = await createListing(t, { priceCents: 2_000, card: { subject: `${tag} Two` } });
    expect((await api(other, 'POST', '/api/user/promotion-requests', { listingId: l.id, days: 7 })).statusCode).toBe(403);
    expect((await api(member, 'POST', '/api/user/promotion-requests', { listingId: l.id, days: 99 })).statusCode).toBe(400);
    published.length = 0;
    const asked = await api(member, 'POST', '/api/user/promotion-requests', { listingId: l.id, days: 7 });
    expect(asked.statusCode, asked.body).toBe(201);
    const p = asked.json<PromotionRequest>();
    expect((await api(member, 'POST', '/api/user/promotion-requests', { listingId: l.id, days: 3 })).statusCode).toBe(409);
    const approved = await api(admin, 'PATCH', `/api/admin/promotion-requests/${p.id}`, { action: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const a = approved.json<PromotionRequest>();
    expect(a.status).toBe('approved');
    expect(new Date(a.featuredUntil!).getTime() - t.clock.now().getTime()).toBe(7 * 86_400_000);
    expect(eventsOf('promotion_updated').map((e) => (e as { status: string }).status)).toEqual(['pending', 'approved']);
    expect(eventsOf('listing_updated')).toContainEqual(expect.objectContaining({ listingId: l.id }));
    const gallery = (await api(other, 'GET', `/api/listings?q=${tag}`)).json<ListingsResponse>();
    expect(gallery.listings.map((x) => x.id)).toEqual([l.id, plain.id]);
    expect(gallery.listings[0]!.featured).toBe(true);
  });
});

describe('secure view analytics (spec §7)', () => {
  it('POST starts a view trusting the session, PATCH records the time once, and the beacon form (text/plain) is accepted', async () => {
    const l = await createListing(t);
    const started = await api(member, 'POST', '/api/secure-view-analytics', { cardId: l.cardId, userId: other.user.id });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json<{ id: string }>();
    const [row] = await t.db.select().from(secureViews).where(eq(secureViews.id, id));
    expect(row).toMatchObject({ userId: member.user.id, cardId: l.cardId, listingId: l.id, timeSpentSeconds: null });

    expect((await api(member, 'PATCH', `/api/secure-view-analytics/${id}`, { timeSpentSeconds: 0 })).statusCode).toBe(400);
    expect((await api(other, 'PATCH', `/api/secure-view-analytics/${id}`, { timeSpentSeconds: 5 })).statusCode).toBe(404);
    expect((await api(member, 'PATCH', `/api/secure-view-analytics/${id}`, { timeSpentSeconds: 42 })).statusCode).toBe(200);
    const again = await api(member, 'PATCH', `/api/secure-view-analytics/${id}`, { timeSpentSeconds: 99 });
    expect(again.statusCode).toBe(409);
    expect((await t.db.select().from(secureViews).where(eq(secureViews.id, id)))[0]!.timeSpentSeconds).toBe(42);

    // navigator.sendBeacon: POST, text/plain JSON, no client header, the app's own Origin.
    const second = (await api(member, 'POST', '/api/secure-view-analytics', { cardId: l.cardId })).json<{ id: string }>().id;
    const cookie = `session=${member.cookie}`;
    const foreign = await t.rawInject({
      method: 'POST',
      url: `/api/secure-view-analytics/${second}`,
      headers: { cookie, 'content-type': 'text/plain;charset=UTF-8', origin: 'https://evil.example' },
      payload: JSON.stringify({ timeSpentSeconds: 7 }),
    });
    expect(foreign.statusCode).toBe(403);
    const noOrigin = await t.rawInject({
      method: 'POST',
      url: `/api/secure-view-analytics/${second}`,
      headers: { cookie, 'content-type': 'text/plain' },
      payload: '{"timeSpentSeconds":7}',
    });
    expect(noOrigin.statusCode).toBe(403);
    const beacon = await t.rawInject({
      method: 'POST',
      url: `/api/secure-view-analytics/${second}`,
      headers: { cookie, 'content-type': 'text/plain;charset=UTF-8', origin: t.config.appOrigin },
      payload: JSON.stringify({ timeSpentSeconds: 7.6 }),
    });
    expect(beacon.statusCode, beacon.body).toBe(200);
    expect((await t.db.select().from(secureViews).where(eq(secureViews.id, second)))[0]!.timeSpentSeconds).toBe(8);
    const beaconAgain = await t.rawInject({
      method: 'POST',
      url: `/api/secure-view-analytics/${second}`,
      headers: { cookie, 'content-type': 'text/plain', origin: t.config.appOrigin },
      payload: '{"timeSpentSeconds":9}',
    });
    expect(beaconAgain.statusCode).toBe(409);
    // Other writes still need the client header even from the app's origin.
    const reserve = await t.rawInject({ method: 'POST', url: `/api/listings/${l.id}/reserve`, headers: { cookie, origin: t.config.appOrigin } });
    expect(reserve.statusCode).toBe(403);
  });

  it('the admin aggregates give views, unique viewers, total and median time over from/to', async () => {
    const l = await createListing(t);
    for (const [who, secs] of [
      [member, 10],
      [member, 20],
      [other, 60],
    ] as const) {
      const { id } = (await api(who, 'POST', '/api/secure-view-analytics', { cardId: l.cardId })).json<{ id: string }>();
      await api(who, 'PATCH', `/api/secure-view-analytics/${id}`, { timeSpentSeconds: secs });
    }
    const today = t.clock.now().toISOString().slice(0, 10);
    const res = await api(admin, 'GET', `/api/admin/secure-analytics?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SecureAnalyticsResponse>();
    const row = body.listings.find((r) => r.cardId === l.cardId);
    expect(row).toMatchObject({ listingId: l.id, views: 3, uniqueViewers: 2, totalSeconds: 90, medianSeconds: 20 });
    expect(body.daily.find((d) => d.date === today)!.views).toBeGreaterThanOrEqual(3);
    const past = (await api(admin, 'GET', '/api/admin/secure-analytics?from=2001-01-01&to=2001-01-31')).json<SecureAnalyticsResponse>();
    expect(past.listings).toHaveLength(0);
    expect((await api(member, 'GET', '/api/admin/secure-analytics')).statusCode).toBe(403);
    const none = await t.db
      .select()
      .from(secureViews)
      .where(and(eq(secureViews.cardId, l.cardId), eq(secureViews.userId, admin.user.id)));
    expect(none).toHaveLength(0);
  });
});

it('marketplace messages keep the exact spec wording', () => {
  expect(marketplaceMessages.justReserved).toBe('This card was just reserved by another member');
});

it('the demo seed gives the MarketPlace 30+ open house listings (some featured), past sales, pending requests and offers, and views', async () => {
  const house = await houseAccountId(t.db);
  const open = await t.db
    .select()
    .from(listings)
    .where(and(eq(listings.status, 'active')));
  const houseOpen = open.filter((l) => l.sellerId === null);
  expect(houseOpen.length).toBeGreaterThanOrEqual(30);
  expect(houseOpen.filter((l) => l.featuredUntil && l.featuredUntil > new Date()).length).toBeGreaterThanOrEqual(3);
  for (const l of houseOpen.slice(0, 5)) {
    const [c] = await t.db.select().from(cards).where(eq(cards.id, l.cardId));
    expect(c).toMatchObject({ ownerId: house, custody: 'in_vault', holdKind: 'listing', holdRef: l.id });
  }
  expect((await t.db.select().from(sales)).length).toBeGreaterThanOrEqual(4);
  const requests = (await api(admin, 'GET', '/api/admin/requests?status=pending')).json<{ requests: CardRequest[] }>().requests;
  expect(requests.map((r) => r.member.name)).toEqual(expect.arrayContaining(['Casey Collector', 'Jordan Reyes']));
  const offers = (await api(admin, 'GET', '/api/admin/sells')).json<{ offers: SellOffer[] }>().offers;
  expect(offers.filter((o) => o.status === 'pending' || o.status === 'countered').map((o) => o.member.name)).toEqual(
    expect.arrayContaining(['Casey Collector', 'Jordan Reyes']),
  );
  // Seeded over the real last month (the fake clock is elsewhere).
  const analytics = (await api(admin, 'GET', '/api/admin/secure-analytics?from=2000-01-01&to=2100-01-01')).json<SecureAnalyticsResponse>();
  expect(analytics.totals.views).toBeGreaterThan(30);
});
