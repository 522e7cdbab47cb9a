import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingOfferMessages, type ListingOffer, type ListingOffersResponse, type UserListingOffers } from '#common/listing-offers.ts';
import { marketplaceMessages } from '#common/marketplace.ts';
import { invoices } from '#server/db/schema/money.ts';
import { listingOffers, listings, sales } from '#server/db/schema/marketplace.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { houseAccountId } from '#server/modules/cards/index.ts';
import { createCard, createListing, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';
import { OFFER_EXPIRE_JOB } from './listing-offers.service.ts';

let t: TestApp;
let admin: SignedInUser;
let seller: SignedInUser;
let buyer: SignedInUser;
let rival: SignedInUser;
const DAY = 86_400_000;

beforeAll(async () => {
  // `jobs: {}` starts the durable runner with the modules' own jobs (the offer expiry).
  t = await createTestApp({ jobs: {} });
  admin = await signedInAdmin(t, { name: 'Offer Admin' });
  seller = await signedInMember(t, { name: 'Sam Seller' });
  buyer = await signedInMember(t, { name: 'Bea Buyer' });
  rival = await signedInMember(t, { name: 'Rhys Rival' });
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

async function offer(who: SignedInUser, listingId: string, amountCents: number, message?: string) {
  const res = await api(who, 'POST', `/api/listings/${listingId}/offers`, { amountCents, ...(message ? { message } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ListingOffer>();
}
const act = (who: SignedInUser, id: string, what: 'accept' | 'decline' | 'counter' | 'withdraw', body?: unknown) =>
  api(who, 'POST', `/api/offers/${id}/${what}`, body);
const mine = async (who: SignedInUser) => (await api(who, 'GET', '/api/user/offers')).json<UserListingOffers>();
/** Sessions last 8 hours: after moving the clock by days, everyone signs in again. */
async function signInAgain() {
  for (const who of [admin, seller, buyer, rival]) Object.assign(who, await signIn(t, who.phone));
}
const listingRow = async (id: string) => (await t.db.select().from(listings).where(eq(listings.id, id)))[0]!;

describe('making an offer', () => {
  it('201 open with a 7-day expiry job; the seller hears of each new highest offer only', async () => {
    const l = await createListing(t, { seller: seller.user, priceCents: 500_000 });
    const o = await offer(buyer, l.id, 400_000, 'Would you take this?');
    expect(o).toMatchObject({ status: 'open', listingId: l.id, amountCents: 400_000, message: 'Would you take this?', buyer: { id: buyer.user.id } });
    expect(new Date(o.expiresAt).getTime() - t.clock.now().getTime()).toBe(7 * DAY);
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${OFFER_EXPIRE_JOB}:${o.id}:${new Date(o.expiresAt).getTime()}`));
    expect(job).toMatchObject({ name: OFFER_EXPIRE_JOB, payload: { offerId: o.id } });
    expect((await notesOf(seller.user.id, 'listing_offer_new')).filter((n) => n.message.includes('$4,000.00'))).toHaveLength(1);

    // A lower offer is not news; a higher one is.
    await offer(rival, l.id, 350_000);
    expect((await notesOf(seller.user.id, 'listing_offer_new')).filter((n) => n.message.includes('$3,500.00'))).toHaveLength(0);
    const third = await signedInMember(t, { name: 'Hal Higher' });
    await offer(third, l.id, 450_000);
    expect((await notesOf(seller.user.id, 'listing_offer_new')).filter((n) => n.message.includes('$4,500.00'))).toHaveLength(1);

    const received = (await mine(seller)).received.filter((r) => r.listingId === l.id);
    expect(received.map((r) => r.amountCents).sort()).toEqual([350_000, 400_000, 450_000]);
    const made = (await mine(buyer)).made.find((m) => m.id === o.id)!;
    expect(made).toMatchObject({ id: o.id, listingId: l.id, amountCents: 400_000, status: 'open' });
    // The seller sees every offer on the listing; a buyer only their own.
    const asSeller = (await api(seller, 'GET', `/api/listings/${l.id}/offers`)).json<ListingOffersResponse>();
    expect(asSeller).toMatchObject({ canAnswer: true });
    expect(asSeller.offers).toHaveLength(3);
    const asBuyer = (await api(buyer, 'GET', `/api/listings/${l.id}/offers`)).json<ListingOffersResponse>();
    expect(asBuyer.canAnswer).toBe(false);
    expect(asBuyer.offers.map((x) => x.id)).toEqual([o.id]);
  });

  it('refuses the own listing, at or above the asking price, below the minimum, a second open offer, and a listing not active', async () => {
    const l = await createListing(t, { seller: seller.user, priceCents: 500_000 });
    const own = await api(seller, 'POST', `/api/listings/${l.id}/offers`, { amountCents: 100_000 });
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe(listingOfferMessages.ownListing);
    const atAsk = await api(buyer, 'POST', `/api/listings/${l.id}/offers`, { amountCents: 500_000 });
    expect(atAsk.statusCode).toBe(400);
    expect(atAsk.json().error).toBe(listingOfferMessages.belowAsking);
    expect((await api(buyer, 'POST', `/api/listings/${l.id}/offers`, { amountCents: 0 })).statusCode).toBe(400);

    // The minimum: only the seller sets it, below the asking price.
    expect((await api(buyer, 'PATCH', `/api/listings/${l.id}/min-offer`, { minOfferCents: 300_000 })).statusCode).toBe(403);
    expect((await api(seller, 'PATCH', `/api/listings/${l.id}/min-offer`, { minOfferCents: 500_000 })).statusCode).toBe(400);
    const set = await api(seller, 'PATCH', `/api/listings/${l.id}/min-offer`, { minOfferCents: 300_000 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ListingOffersResponse>().minOfferCents).toBe(300_000);
    const low = await api(buyer, 'POST', `/api/listings/${l.id}/offers`, { amountCents: 299_999 });
    expect(low.statusCode).toBe(400);
    expect(low.json().error).toBe('The seller accepts offers from $3,000.00');
    await offer(buyer, l.id, 300_000);
    const twice = await api(buyer, 'POST', `/api/listings/${l.id}/offers`, { amountCents: 310_000 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(listingOfferMessages.alreadyOpen);
    // Concurrent second offers from one buyer: still one open.
    const l2 = await createListing(t, { seller: seller.user, priceCents: 500_000 });
    const both = await Promise.all([310_000, 320_000].map((a) => api(rival, 'POST', `/api/listings/${l2.id}/offers`, { amountCents: a })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    // Reserved by a buyer: no offers meanwhile.
    const r = await api(rival, 'POST', `/api/listings/${l.id}/reserve`);
    expect(r.statusCode, r.body).toBe(200);
    const onReserved = await api(await signedInMember(t), 'POST', `/api/listings/${l.id}/offers`, { amountCents: 400_000 });
    expect(onReserved.statusCode).toBe(409);
    expect(onReserved.json().error).toBe(listingOfferMessages.listingNotActive);
    expect((await api(buyer, 'POST', `/api/listings/00000000-0000-4000-8000-000000000000/offers`, { amountCents: 1 })).statusCode).toBe(404);
    expect((await api(null, 'POST', `/api/listings/${l.id}/offers`, { amountCents: 1 })).statusCode).toBe(401);
  });
});

describe('answering', () => {
  it('the seller accepts: reserved for the buyer at the offer price with its invoice, like Buy; the other open offers are declined and told; paying sells at that price', async () => {
    const l = await createListing(t, { seller: seller.user, priceCents: 800_000 });
    const o = await offer(buyer, l.id, 700_000);
    const other = await offer(rival, l.id, 650_000);
    expect((await act(buyer, o.id, 'accept')).statusCode).toBe(403);
    expect((await act(await signedInMember(t), o.id, 'accept')).statusCode).toBe(404);
    const res = await act(seller, o.id, 'accept');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ListingOffer>()).toMatchObject({ status: 'accepted', agreedCents: 700_000, checkoutPath: null });
    const row = await listingRow(l.id);
    expect(row).toMatchObject({ status: 'reserved', reservedBy: buyer.user.id, agreedPriceCents: 700_000, priceCents: 800_000 });
    // Same reservation minutes as Buy.
    expect(row.reservedUntil!.getTime() - t.clock.now().getTime()).toBe(15 * 60_000);
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, row.invoiceId!));
    expect(inv).toMatchObject({ userId: buyer.user.id, totalCents: 700_000, status: 'sent', relatedKind: 'sale', relatedId: l.id });
    const made = (await mine(buyer)).made.find((m) => m.id === o.id)!;
    expect(made.checkoutPath).toBe(`/checkout?invoice=${inv!.id}`);
    expect((await mine(rival)).made.find((m) => m.id === other.id)!.status).toBe('declined');
    expect((await notesOf(rival.user.id, 'listing_offer_updated')).some((n) => n.message.includes('the seller accepted another offer'))).toBe(true);
    expect((await notesOf(buyer.user.id, 'listing_offer_updated')).some((n) => n.title === 'Offer accepted')).toBe(true);
    // The listing page shows the buyer their reservation, as after Buy.
    const detail = (await api(buyer, 'GET', `/api/listings/${l.id}`)).json();
    expect(detail.reservation).toMatchObject({ invoiceId: inv!.id });

    const open = await api(buyer, 'POST', '/api/checkout', { invoiceId: inv!.id });
    expect(open.statusCode, open.body).toBe(200);
    const sid = new URL(open.json<{ url: string }>().url, 'http://x').searchParams.get('session')!;
    expect((await api(buyer, 'POST', `/api/payment-test/${sid}/complete`)).statusCode).toBe(200);
    const [sale] = await t.db.select().from(sales).where(eq(sales.listingId, l.id));
    expect(sale).toMatchObject({ buyerId: buyer.user.id, sellerId: seller.user.id, priceCents: 700_000 });
    expect(sale!.sellerProceedsCents).toBe(700_000 - sale!.feesCents);
    expect((await listingRow(l.id)).status).toBe('sold');
  });

  it('counter once: the buyer accepts the counter and pays that price; counters out of range, by the buyer, or twice are refused', async () => {
    const l = await createListing(t, { seller: seller.user, priceCents: 600_000 });
    const o = await offer(buyer, l.id, 400_000);
    expect((await act(buyer, o.id, 'counter', { amountCents: 500_000 })).statusCode).toBe(403);
    expect((await act(seller, o.id, 'counter', { amountCents: 400_000 })).statusCode).toBe(400);
    expect((await act(seller, o.id, 'counter', { amountCents: 600_000 })).statusCode).toBe(400);
    const c = await act(seller, o.id, 'counter', { amountCents: 550_000 });
    expect(c.statusCode, c.body).toBe(200);
    const countered = c.json<ListingOffer>();
    expect(countered).toMatchObject({ status: 'countered', counterCents: 550_000 });
    expect(new Date(countered.expiresAt).getTime() - t.clock.now().getTime()).toBe(7 * DAY);
    expect(
      (await notesOf(buyer.user.id, 'listing_offer_updated')).some((n) => n.title === 'Offer countered' && n.message.includes('$5,500.00')),
    ).toBe(true);
    const again = await act(seller, o.id, 'counter', { amountCents: 560_000 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(listingOfferMessages.counterOnce);
    // Now it is the buyer's turn: the seller can no longer accept it, the buyer cannot withdraw it.
    expect((await act(seller, o.id, 'accept')).statusCode).toBe(403);
    expect((await act(buyer, o.id, 'withdraw')).statusCode).toBe(409);
    const ok = await act(buyer, o.id, 'accept');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<ListingOffer>()).toMatchObject({ status: 'accepted', agreedCents: 550_000 });
    expect(ok.json<ListingOffer>().history.map((h) => h.status)).toEqual(['open', 'countered', 'accepted']);
    const row = await listingRow(l.id);
    expect(row).toMatchObject({ status: 'reserved', reservedBy: buyer.user.id, agreedPriceCents: 550_000 });
    expect((await t.db.select().from(invoices).where(eq(invoices.id, row.invoiceId!)))[0]!.totalCents).toBe(550_000);
    expect((await notesOf(seller.user.id, 'listing_offer_new')).some((n) => n.title === 'Counter accepted')).toBe(true);
  });

  it('declines: the seller an open offer (the buyer told), the buyer a counter; the buyer withdraws an open offer; finished offers are 409', async () => {
    const l = await createListing(t, { seller: seller.user, priceCents: 600_000 });
    const a = await offer(buyer, l.id, 400_000);
    const d = await act(seller, a.id, 'decline');
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json<ListingOffer>().status).toBe('declined');
    expect((await notesOf(buyer.user.id, 'listing_offer_updated')).some((n) => n.title === 'Offer declined' && n.message.includes('$4,000.00'))).toBe(
      true,
    );
    expect((await act(seller, a.id, 'accept')).statusCode).toBe(409);

    const b = await offer(buyer, l.id, 410_000);
    await act(seller, b.id, 'counter', { amountCents: 500_000 });
    expect((await act(seller, b.id, 'decline')).statusCode).toBe(403);
    const bd = await act(buyer, b.id, 'decline');
    expect(bd.json<ListingOffer>().status).toBe('declined');

    const c = await offer(buyer, l.id, 420_000);
    expect((await act(seller, c.id, 'withdraw')).statusCode).toBe(403);
    const w = await act(buyer, c.id, 'withdraw');
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json<ListingOffer>().status).toBe('withdrawn');
    expect((await act(buyer, c.id, 'withdraw')).statusCode).toBe(409);
    expect((await listingRow(l.id)).status).toBe('active');
  });

  it('offers expire after the marketplace setting by the durable job, and an answer after the time is 409', async () => {
    const l = await createListing(t, { seller: seller.user, priceCents: 600_000 });
    const o = await offer(buyer, l.id, 400_000);
    const late = await offer(rival, l.id, 410_000);
    t.clock.advance(7 * DAY + 1000);
    await signInAgain();
    // The job has not run yet for `late`'s answer: the answer expires it and says so.
    const tooLate = await act(seller, late.id, 'accept');
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error).toBe(listingOfferMessages.expired);
    await t.app.jobRunner!.runDue();
    const [row] = await t.db.select().from(listingOffers).where(eq(listingOffers.id, o.id));
    expect(row!.status).toBe('expired');
    expect((await notesOf(buyer.user.id, 'listing_offer_updated')).some((n) => n.title === 'Offer expired')).toBe(true);
    expect((await listingRow(l.id)).status).toBe('active');
    // A new offer is possible again once the old one expired.
    await offer(buyer, l.id, 420_000);
  });

  it('the setting changes the expiry', async () => {
    const saved = await api(admin, 'PATCH', '/api/admin/settings/sections/marketplace', { offerExpiryDays: 3 });
    expect(saved.statusCode, saved.body).toBe(200);
    const l = await createListing(t, { seller: seller.user, priceCents: 600_000 });
    const o = await offer(buyer, l.id, 400_000);
    expect(new Date(o.expiresAt).getTime() - t.clock.now().getTime()).toBe(3 * DAY);
    expect((await api(admin, 'PATCH', '/api/admin/settings/sections/marketplace', { offerExpiryDays: 31 })).statusCode).toBe(400);
    await api(admin, 'PATCH', '/api/admin/settings/sections/marketplace', { offerExpiryDays: 7 });
  });

  it('race: concurrent accepts of different offers on one listing give exactly one reservation and one invoice, every time', async () => {
    const third = await signedInMember(t, { name: 'Tia Third' });
    for (let round = 0; round < 3; round++) {
      const l = await createListing(t, { seller: seller.user, priceCents: 900_000 });
      const offers = [await offer(buyer, l.id, 800_000), await offer(rival, l.id, 810_000), await offer(third, l.id, 820_000)];
      const results = await Promise.all(offers.map((o) => act(seller, o.id, 'accept')));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const row = await listingRow(l.id);
      expect(row.status).toBe('reserved');
      const rows = await t.db
        .select()
        .from(listingOffers)
        .where(
          inArray(
            listingOffers.id,
            offers.map((o) => o.id),
          ),
        );
      const winner = rows.find((x) => x.status === 'accepted')!;
      expect(rows.map((x) => x.status).sort()).toEqual(['accepted', 'declined', 'declined']);
      expect(row).toMatchObject({ reservedBy: winner.buyerId, agreedPriceCents: winner.amountCents, invoiceId: winner.invoiceId });
      const invs = await t.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.relatedKind, 'sale'), eq(invoices.relatedId, l.id)));
      expect(invs).toHaveLength(1);
    }
  });

  it('accepting while another buyer holds a Buy reservation is 409 in the Buy words; the offer stays open', async () => {
    const l = await createListing(t, { seller: seller.user, priceCents: 900_000 });
    const o = await offer(buyer, l.id, 800_000);
    expect((await api(rival, 'POST', `/api/listings/${l.id}/reserve`)).statusCode).toBe(200);
    const res = await act(seller, o.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(marketplaceMessages.justReserved);
    expect((await t.db.select().from(listingOffers).where(eq(listingOffers.id, o.id)))[0]!.status).toBe('open');
  });
});

describe('house listings and the listing closing', () => {
  it('admins answer offers on house listings; members cannot; GET /api/admin/offers lists them', async () => {
    const l = await createListing(t, { priceCents: 300_000 });
    const o = await offer(buyer, l.id, 250_000);
    const news = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.user.id), eq(notifications.kind, 'house_offer_new')));
    expect(news.some((n) => n.message.includes('$2,500.00'))).toBe(true);
    expect((await act(rival, o.id, 'accept')).statusCode).toBe(404);
    expect((await api(rival, 'GET', '/api/admin/offers')).statusCode).toBe(403);
    const list = await api(admin, 'GET', '/api/admin/offers?status=open');
    expect(list.json<{ offers: ListingOffer[] }>().offers.map((x) => x.id)).toContain(o.id);
    expect(list.json<{ offers: ListingOffer[] }>().offers.every((x) => x.seller.kind === 'house')).toBe(true);
    const ok = await act(admin, o.id, 'accept');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await listingRow(l.id)).toMatchObject({ status: 'reserved', reservedBy: buyer.user.id, agreedPriceCents: 250_000 });
  });

  it('withdrawing the listing declines its open offers and tells the buyers why', async () => {
    const l = await createListing(t, { priceCents: 300_000 });
    const o = await offer(rival, l.id, 200_000);
    const w = await api(admin, 'PATCH', `/api/admin/listings/${l.id}`, { status: 'withdrawn' });
    expect(w.statusCode, w.body).toBe(200);
    expect((await t.db.select().from(listingOffers).where(eq(listingOffers.id, o.id)))[0]!.status).toBe('declined');
    expect((await notesOf(rival.user.id, 'listing_offer_updated')).some((n) => n.message.includes('the listing was withdrawn'))).toBe(true);
  });

  it('undercut: a cheaper listing of the same card and grade tells the dearer member listing’s seller, not for another grade', async () => {
    const identity = { subject: 'Undercut Player', year: 2003, brand: 'Topps Chrome', cardNumber: '111', grade: 'GEM MT 10' };
    await createListing(t, { seller: seller.user, priceCents: 900_000, card: identity });
    const house = await houseAccountId(t.db);
    const otherGrade = await createCard(t, { id: house }, { ...identity, grade: 'MINT 9', custody: 'in_vault' });
    expect((await api(admin, 'POST', '/api/admin/listings', { cardId: otherGrade.id, priceCents: 100_000 })).statusCode).toBe(201);
    expect((await notesOf(seller.user.id, 'listing_undercut')).length).toBe(0);
    const cheaper = await createCard(t, { id: house }, { ...identity, custody: 'in_vault' });
    const created = await api(admin, 'POST', '/api/admin/listings', { cardId: cheaper.id, priceCents: 850_000 });
    expect(created.statusCode, created.body).toBe(201);
    const notes = await notesOf(seller.user.id, 'listing_undercut');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toContain('$8,500.00');
  });
});
