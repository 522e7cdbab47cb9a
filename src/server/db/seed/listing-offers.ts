import { and, count, eq, isNull } from 'drizzle-orm';
import type { ListingOfferStatus } from '#common/listing-offers.ts';
import type { Db } from '#server/db/client.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { listingEvents, listingOfferEvents, listingOffers, listings, sales } from '#server/db/schema/marketplace.ts';
import { users } from '#server/db/schema/users.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import { houseAccountId } from '#server/modules/cards/index.ts';
import { OFFER_EXPIRE_JOB } from '#server/modules/marketplace/index.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const $ = (dollars: number) => dollars * 100;

type Step = { to: ListingOfferStatus; hoursAgo: number; by: 'buyer' | 'seller' | null; note?: string };
interface DemoOffer {
  /** The listing: Casey's own (by player), or a house listing (by player). */
  on: { seller: 'casey' | 'house'; subject: string };
  buyer: 'casey' | 'jordan' | 'morgan';
  dollars: number;
  counter?: number;
  message?: string;
  hoursAgo: number;
  steps: Step[];
}

/**
 * Offers on listings in every state (issue 34), on the demo's listings, by the demo members. Open
 * and countered ones expire a week after their last move (their expiry jobs are queued); an
 * accepted one is shown on a past house sale at the agreed price. Only when no offer exists yet,
 * and it writes no notifications (the bell's history is seeded after, for members without any).
 */
export async function seedDemoListingOffers(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(listingOffers);
  if (Number(n) > 0) return;
  const people = await db.select({ id: users.id, phone: users.phone }).from(users);
  const byPhone = new Map(people.map((p) => [p.phone, p.id]));
  const who = {
    admin: byPhone.get('+12125550101') ?? null,
    morgan: byPhone.get('+12125550102'),
    casey: byPhone.get('+12125550103'),
    jordan: byPhone.get('+12125550104'),
  };
  if (!who.casey || !who.jordan || !who.morgan) return;
  const house = await houseAccountId(db);
  const now = Date.now();
  const ago = (hours: number) => new Date(now - hours * HOUR);

  async function listingOf(seller: 'casey' | 'house', subject: string) {
    const [l] = await db
      .select({ id: listings.id, priceCents: listings.priceCents })
      .from(listings)
      .innerJoin(cards, eq(cards.id, listings.cardId))
      .where(
        and(
          eq(cards.subject, subject),
          eq(listings.status, 'active'),
          seller === 'house' ? isNull(listings.sellerId) : eq(listings.sellerId, who.casey!),
          seller === 'house' ? eq(cards.ownerId, house) : undefined,
        ),
      )
      .limit(1);
    return l;
  }

  // Casey takes offers on her Gretzky from $20,000.
  const gretzky = await listingOf('casey', 'Wayne Gretzky');
  if (gretzky)
    await db
      .update(listings)
      .set({ minOfferCents: $(20_000) })
      .where(eq(listings.id, gretzky.id));

  const demo: DemoOffer[] = [
    // Open on Casey's Gretzky ($26,500): two buyers, Casey answers on /sales.
    {
      on: { seller: 'casey', subject: 'Wayne Gretzky' },
      buyer: 'jordan',
      dollars: 24_000,
      message: 'Would you take $24,000? I can pay today.',
      hoursAgo: 30,
      steps: [],
    },
    { on: { seller: 'casey', subject: 'Wayne Gretzky' }, buyer: 'morgan', dollars: 21_500, hoursAgo: 52, steps: [] },
    // Open on house listings: the admins' queue on /admin/cards.
    { on: { seller: 'house', subject: 'Connor McDavid' }, buyer: 'jordan', dollars: 5_000, hoursAgo: 70, steps: [] },
    {
      on: { seller: 'house', subject: 'Tom Brady' },
      buyer: 'casey',
      dollars: 88_000,
      message: 'A serious offer for the Contenders Brady.',
      hoursAgo: 20,
      steps: [],
    },
    // Countered by the house: Casey accepts or declines on /sales.
    {
      on: { seller: 'house', subject: 'Kobe Bryant' },
      buyer: 'casey',
      dollars: 6_000,
      counter: 6_700,
      hoursAgo: 5 * 24,
      steps: [{ to: 'countered', hoursAgo: 26, by: 'seller' }],
    },
    // Finished: declined, expired, withdrawn.
    {
      on: { seller: 'house', subject: 'Wayne Gretzky' },
      buyer: 'jordan',
      dollars: 25_000,
      hoursAgo: 10 * 24,
      steps: [{ to: 'declined', hoursAgo: 9 * 24, by: 'seller' }],
    },
    {
      on: { seller: 'house', subject: 'Willie Mays' },
      buyer: 'casey',
      dollars: 5_500,
      hoursAgo: 12 * 24,
      steps: [{ to: 'expired', hoursAgo: 5 * 24, by: null }],
    },
    {
      on: { seller: 'house', subject: 'Bobby Orr' },
      buyer: 'jordan',
      dollars: 6_000,
      hoursAgo: 6 * 24,
      steps: [{ to: 'withdrawn', hoursAgo: 4 * 24, by: 'buyer' }],
    },
  ];

  for (const d of demo) {
    const l = await listingOf(d.on.seller, d.on.subject);
    if (!l || $(d.dollars) >= l.priceCents) continue;
    const buyerId = who[d.buyer]!;
    const sellerActor = d.on.seller === 'casey' ? who.casey : who.admin;
    const last = d.steps.at(-1);
    const status = last?.to ?? 'open';
    const lastMove = last?.hoursAgo ?? d.hoursAgo;
    // A live offer expires a week after its last move; a finished one a week after it was made.
    const expiresAt = new Date(now - (status === 'open' || status === 'countered' ? lastMove : d.hoursAgo) * HOUR + 7 * DAY);
    const [o] = await db
      .insert(listingOffers)
      .values({
        listingId: l.id,
        buyerId,
        amountCents: $(d.dollars),
        counterCents: d.counter ? $(d.counter) : null,
        message: d.message ?? null,
        status,
        expiresAt,
        createdAt: ago(d.hoursAgo),
        updatedAt: ago(lastMove),
      })
      .returning();
    await db.insert(listingOfferEvents).values([
      { listingOfferId: o!.id, toStatus: 'open', note: d.message ?? null, actorId: buyerId, at: ago(d.hoursAgo) },
      ...d.steps.map((s, i) => ({
        listingOfferId: o!.id,
        fromStatus: i === 0 ? ('open' as const) : d.steps[i - 1]!.to,
        toStatus: s.to,
        note: s.note ?? null,
        actorId: s.by === 'buyer' ? buyerId : s.by === 'seller' ? sellerActor : null,
        at: ago(s.hoursAgo),
      })),
    ]);
    if (status === 'open' || status === 'countered')
      await enqueueJob(db, {
        name: OFFER_EXPIRE_JOB,
        runAt: expiresAt,
        key: `${OFFER_EXPIRE_JOB}:${o!.id}:${expiresAt.getTime()}`,
        payload: { offerId: o!.id },
      });
  }

  // Accepted: Jordan's offer on the house's Durant, reserved at the offer and paid the same day.
  const asking = $(3_600);
  const agreed = $(3_200);
  const madeAt = ago(17 * 24);
  const acceptedAt = ago(16 * 24 + 6);
  const soldAt = ago(16 * 24 + 5);
  const [c] = await db
    .insert(cards)
    .values({
      ownerId: who.jordan,
      grader: 'PSA',
      certNumber: '81099001',
      grade: 'MINT 9',
      gradeValue: 9,
      year: 2007,
      brand: 'Topps Chrome',
      subject: 'Kevin Durant',
      cardNumber: '131',
      sport: 'basketball',
      estimatedValueCents: asking,
      custody: 'in_vault',
      createdAt: ago(40 * 24),
      updatedAt: soldAt,
    })
    .returning();
  const listedAt = ago(20 * 24);
  const [l] = await db
    .insert(listings)
    .values({
      cardId: c!.id,
      sellerId: null,
      priceCents: asking,
      agreedPriceCents: agreed,
      status: 'sold',
      reservedBy: who.jordan,
      soldAt,
      createdAt: listedAt,
      updatedAt: soldAt,
    })
    .returning();
  const fees = Math.round((agreed * 800) / 10_000) + 1_500;
  const [s] = await db
    .insert(sales)
    .values({
      kind: 'marketplace',
      listingId: l!.id,
      cardId: c!.id,
      buyerId: who.jordan,
      sellerId: null,
      priceCents: agreed,
      feesCents: fees,
      totalCents: agreed,
      sellerProceedsCents: agreed - fees,
      payoutStatus: 'none',
      soldAt,
    })
    .returning();
  await db.insert(listingEvents).values([
    { listingId: l!.id, toStatus: 'active', actorId: who.admin, at: listedAt },
    { listingId: l!.id, fromStatus: 'active', toStatus: 'reserved', actorId: who.admin, at: acceptedAt },
    { listingId: l!.id, fromStatus: 'reserved', toStatus: 'sold', actorId: who.jordan, at: soldAt },
  ]);
  await db.insert(cardEvents).values([
    { cardId: c!.id, kind: 'registered', data: { source: 'psa' }, actorId: who.admin, at: ago(40 * 24) },
    {
      cardId: c!.id,
      kind: 'custody_changed',
      data: { from: 'with_owner', to: 'in_vault', note: 'House inventory received and inspected' },
      actorId: who.admin,
      at: ago(39 * 24),
    },
    { cardId: c!.id, kind: 'listed', data: { listing: l!.id, priceCents: asking, sellerId: null }, actorId: who.admin, at: listedAt },
    {
      cardId: c!.id,
      kind: 'sold',
      data: { listingId: l!.id, saleId: s!.id, priceCents: agreed, buyerId: who.jordan, sellerId: null },
      actorId: who.jordan,
      at: soldAt,
    },
    { cardId: c!.id, kind: 'transferred', data: { fromOwnerId: house, toOwnerId: who.jordan, saleId: s!.id }, actorId: who.jordan, at: soldAt },
  ]);
  const [o] = await db
    .insert(listingOffers)
    .values({
      listingId: l!.id,
      buyerId: who.jordan,
      amountCents: agreed,
      agreedCents: agreed,
      message: 'Happy to close today at $3,200.',
      status: 'accepted',
      expiresAt: new Date(madeAt.getTime() + 7 * DAY),
      createdAt: madeAt,
      updatedAt: acceptedAt,
    })
    .returning();
  await db.insert(listingOfferEvents).values([
    { listingOfferId: o!.id, toStatus: 'open', note: 'Happy to close today at $3,200.', actorId: who.jordan, at: madeAt },
    { listingOfferId: o!.id, fromStatus: 'open', toStatus: 'accepted', actorId: who.admin, at: acceptedAt },
  ]);
}
