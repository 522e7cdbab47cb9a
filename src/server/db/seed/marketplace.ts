import { and, count, eq, inArray } from 'drizzle-orm';
import type { Grader, Sport } from '#common/cards.ts';
import type { Db } from '#server/db/client.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import {
  cardRequestEvents,
  cardRequests,
  listingEvents,
  listings,
  promotionRequestEvents,
  promotionRequests,
  sales,
  secureViews,
  sellOfferEvents,
  sellOffers,
} from '#server/db/schema/marketplace.ts';
import { users } from '#server/db/schema/users.ts';
import { houseAccountId } from '#server/modules/cards/index.ts';

const DAY = 86_400_000;
const $ = (dollars: number) => dollars * 100;

type HouseRow = [Grader, string, number, number, string, string, string, Sport, number, boolean?];
/** The house's vaulted inventory: real players and sets, made-up certificate numbers; `true` = featured. */
const houseInventory: HouseRow[] = [
  ['PSA', 'MINT 9', 9, 1952, 'Topps', 'Mickey Mantle', '311', 'baseball', 185_000, true],
  ['PSA', 'NM-MT 8', 8, 1986, 'Fleer', 'Michael Jordan', '57', 'basketball', 9_800],
  ['PSA', 'GEM MT 10', 10, 2000, 'Playoff Contenders', 'Tom Brady', '144', 'football', 96_000, true],
  ['BGS', 'GEM MINT 9.5', 9.5, 2003, 'Upper Deck Exquisite', 'LeBron James', '78', 'basketball', 240_000, true],
  ['PSA', 'GEM MT 10', 10, 2018, 'Topps Chrome', 'Shohei Ohtani', '150', 'baseball', 2_400],
  ['PSA', 'MINT 9', 9, 1989, 'Upper Deck', 'Ken Griffey Jr.', '1', 'baseball', 380],
  ['SGC', 'NM-MT 8', 8, 1954, 'Bowman', 'Willie Mays', '89', 'baseball', 6_900],
  ['PSA', 'GEM MT 10', 10, 2019, 'Panini Prizm', 'Zion Williamson', '248', 'basketball', 1_150],
  ['PSA', 'MINT 9', 9, 1979, 'O-Pee-Chee', 'Wayne Gretzky', '18', 'hockey', 32_000],
  ['PSA', 'NM 7', 7, 1966, 'Topps', 'Bobby Orr', '35', 'hockey', 7_400],
  ['PSA', 'GEM MT 10', 10, 2015, 'Upper Deck Young Guns', 'Connor McDavid', '201', 'hockey', 5_600],
  ['BGS', 'GEM MINT 9.5', 9.5, 2017, 'Panini Prizm', 'Patrick Mahomes II', '269', 'football', 3_900],
  ['PSA', 'MINT 9', 9, 1958, 'Topps', 'Jim Brown', '62', 'football', 21_500],
  ['PSA', 'GEM MT 10', 10, 2020, 'Panini Prizm', 'Justin Herbert', '325', 'football', 640],
  ['PSA', 'GEM MT 10', 10, 2018, 'Panini Prizm', 'Luka Doncic', '280', 'basketball', 4_300],
  ['PSA', 'MINT 9', 9, 1996, 'Topps Chrome', 'Kobe Bryant', '138', 'basketball', 7_200],
  ['PSA', 'NM-MT 8', 8, 1980, 'Topps', 'Larry Bird / Magic Johnson', '6', 'basketball', 14_800],
  ['SGC', 'MINT 9', 9, 2009, 'Topps Chrome', 'Stephen Curry', '101', 'basketball', 9_400],
  ['PSA', 'GEM MT 10', 10, 2011, 'Topps Update', 'Mike Trout', 'US175', 'baseball', 4_900],
  ['PSA', 'NM 7', 7, 1968, 'Topps', 'Nolan Ryan', '177', 'baseball', 6_300],
  ['PSA', 'MINT 9', 9, 2001, 'Bowman Chrome', 'Albert Pujols', '340', 'baseball', 2_100],
  ['PSA', 'GEM MT 10', 10, 2003, 'Upper Deck', 'Tiger Woods', '1', 'golf', 3_300],
  ['PSA', 'MINT 9', 9, 2001, 'Upper Deck', 'Tiger Woods', '1', 'golf', 980],
  ['PSA', 'NM-MT 8', 8, 1991, 'Kayo', 'Muhammad Ali', '1', 'boxing', 450],
  ['PSA', 'GEM MT 10', 10, 2018, 'Panini Prizm World Cup', 'Kylian Mbappe', '80', 'soccer', 2_750],
  ['PSA', 'MINT 9', 9, 2004, 'Panini Mega Craques', 'Lionel Messi', '71', 'soccer', 18_000, true],
  ['BGS', 'GEM MINT 9.5', 9.5, 2002, 'Upper Deck', 'Cristiano Ronaldo', '108', 'soccer', 5_200],
  ['PSA', 'GEM MT 10', 10, 2005, 'Press Pass', 'Dale Earnhardt Jr.', '1', 'racing', 260],
  ['PSA', 'MINT 9', 9, 1957, 'Topps', 'Bill Russell', '77', 'basketball', 26_000],
  ['PSA', 'NM-MT 8', 8, 1969, 'Topps', 'Lew Alcindor', '25', 'basketball', 19_500],
  ['PSA', 'GEM MT 10', 10, 2012, 'Bowman Chrome', 'Bryce Harper', '213', 'baseball', 1_450],
  ['PSA', 'MINT 9', 9, 1986, 'Topps', 'Jerry Rice', '161', 'football', 1_250],
  ['PSA', 'GEM MT 10', 10, 2017, 'Topps Chrome', 'Aaron Judge', '169', 'baseball', 1_900],
  ['PSA', 'MINT 9', 9, 1998, 'Playoff Contenders', 'Peyton Manning', '87', 'football', 4_100],
];
/** Cards the house sold in the past: [the card, buyer phone, days ago]. */
const pastSales: [HouseRow, string, number][] = [
  [['PSA', 'GEM MT 10', 10, 1993, 'SP', 'Derek Jeter', '279', 'baseball', 8_800], '+12125550103', 41],
  [['PSA', 'MINT 9', 9, 1997, 'Bowman Chrome', 'Kobe Bryant', '66', 'basketball', 2_300], '+12125550104', 23],
  [['PSA', 'GEM MT 10', 10, 2019, 'Panini Prizm', 'Ja Morant', '249', 'basketball', 700], '+12125550104', 9],
  [['BGS', 'GEM MINT 9.5', 9.5, 2005, 'Upper Deck', 'Sidney Crosby', '201', 'hockey', 3_100], '+12125550103', 3],
  // A year of earlier sales, so the admin dashboard's history has something in every season.
  [['PSA', 'GEM MT 10', 10, 2009, 'Bowman Chrome Draft', 'Mike Trout', 'BDPP89', 'baseball', 6_200], '+12125550104', 58],
  [['PSA', 'MINT 9', 9, 1984, 'Topps', 'Don Mattingly', '8', 'baseball', 450], '+12125550103', 76],
  [['BGS', 'GEM MINT 9.5', 9.5, 2003, 'Topps Chrome', 'Carmelo Anthony', '113', 'basketball', 1_800], '+12125550104', 97],
  [['PSA', 'NM-MT 8', 8, 1971, 'Topps', 'Roberto Clemente', '630', 'baseball', 3_900], '+12125550103', 124],
  [['PSA', 'GEM MT 10', 10, 2013, 'Panini Prizm', 'Giannis Antetokounmpo', '290', 'basketball', 5_400], '+12125550104', 151],
  [['PSA', 'MINT 9', 9, 1981, 'Topps', 'Joe Montana', '216', 'football', 2_600], '+12125550103', 183],
  [['SGC', 'NM 7', 7, 1963, 'Topps', 'Pete Rose', '537', 'baseball', 4_700], '+12125550104', 215],
  [['PSA', 'GEM MT 10', 10, 2017, 'Panini Prizm', 'Jayson Tatum', '16', 'basketball', 1_350], '+12125550103', 248],
  [['PSA', 'MINT 9', 9, 1990, 'Leaf', 'Frank Thomas', '300', 'baseball', 520], '+12125550104', 274],
  [['PSA', 'GEM MT 10', 10, 2000, 'SP Authentic', 'Tom Brady', '118', 'football', 12_500], '+12125550103', 312],
  [['PSA', 'NM-MT 8', 8, 1985, 'Topps', 'Mario Lemieux', '9', 'hockey', 2_200], '+12125550103', 341],
];

/** 8% commission plus $15 shipping: the demo's "Marketplace sale commission" template. */
const feesOf = (price: number) => Math.round((price * 800) / 10_000) + 1_500;

/**
 * The Private MarketPlace's demo: 30+ active house listings over vaulted house cards (a few
 * featured) and one of Casey's cards listed through a completed card request, past sales to
 * Casey and Jordan (their registries show the bought slabs), pending card requests and sell
 * offers from both, a pending promotion request, and a month of page views. Only when no listing
 * exists yet, so it is safe on every start.
 */
export async function seedDemoMarketplace(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(listings);
  if (Number(n) > 0) return;
  const house = await houseAccountId(db);
  const people = await db
    .select({ id: users.id, phone: users.phone, isAdmin: users.isAdmin })
    .from(users)
    .where(inArray(users.phone, ['+12125550101', '+12125550102', '+12125550103', '+12125550104']));
  const byPhone = new Map(people.map((p) => [p.phone, p.id]));
  const admin = byPhone.get('+12125550101') ?? null;
  const casey = byPhone.get('+12125550103');
  const jordan = byPhone.get('+12125550104');
  const morgan = byPhone.get('+12125550102');
  if (!casey || !jordan) return;
  const now = Date.now();
  let cert = 81_000_000;

  async function houseCard(r: HouseRow, ageDays: number) {
    const [grader, grade, gradeValue, year, brand, subject, cardNumber, sport, dollars] = r;
    const createdAt = new Date(now - ageDays * DAY);
    const [c] = await db
      .insert(cards)
      .values({
        ownerId: house,
        grader,
        certNumber: String(cert++),
        grade,
        gradeValue,
        year,
        brand,
        subject,
        cardNumber,
        sport,
        estimatedValueCents: $(dollars),
        custody: 'in_vault',
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    const at = (d: number) => new Date(createdAt.getTime() + d * DAY);
    await db.insert(cardEvents).values([
      { cardId: c!.id, kind: 'registered', data: { source: grader === 'PSA' ? 'psa' : 'manual' }, actorId: admin, at: createdAt },
      {
        cardId: c!.id,
        kind: 'custody_changed',
        data: { from: 'with_owner', to: 'in_vault', note: 'House inventory received and inspected' },
        actorId: admin,
        at: at(1),
      },
      ...(grader === 'PSA'
        ? [{ cardId: c!.id, kind: 'psa_rechecked' as const, data: { result: 'match', differences: [], message: null }, actorId: admin, at: at(1) }]
        : []),
    ]);
    return c!;
  }

  // Active house listings, newest last so the gallery's first page mixes prices and sports.
  const listed: { id: string; cardId: string }[] = [];
  for (const [i, r] of houseInventory.entries()) {
    const c = await houseCard(r, 60 - i);
    const createdAt = new Date(now - (40 - i) * DAY);
    const [l] = await db
      .insert(listings)
      .values({
        cardId: c.id,
        sellerId: null,
        priceCents: $(r[8]),
        featuredUntil: r[9] ? new Date(now + 14 * DAY) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    await db.update(cards).set({ holdKind: 'listing', holdRef: l!.id }).where(eq(cards.id, c.id));
    await db
      .insert(cardEvents)
      .values({ cardId: c.id, kind: 'listed', data: { listing: l!.id, priceCents: l!.priceCents, sellerId: null }, actorId: admin, at: createdAt });
    await db.insert(listingEvents).values({ listingId: l!.id, toStatus: 'active', actorId: admin, at: createdAt });
    listed.push({ id: l!.id, cardId: c.id });
  }

  // Past sales: house cards bought by Casey and Jordan, now in their registries (still vaulted).
  for (const [r, phone, daysAgo] of pastSales) {
    const buyer = byPhone.get(phone)!;
    const c = await houseCard(r, daysAgo + 30);
    const listedAt = new Date(now - (daysAgo + 10) * DAY);
    const soldAt = new Date(now - daysAgo * DAY);
    const price = $(r[8]);
    const [l] = await db
      .insert(listings)
      .values({ cardId: c.id, sellerId: null, priceCents: price, status: 'sold', reservedBy: buyer, soldAt, createdAt: listedAt, updatedAt: soldAt })
      .returning();
    const fees = feesOf(price);
    const [s] = await db
      .insert(sales)
      .values({
        kind: 'marketplace',
        listingId: l!.id,
        cardId: c.id,
        buyerId: buyer,
        sellerId: null,
        priceCents: price,
        feesCents: fees,
        totalCents: price,
        sellerProceedsCents: price - fees,
        payoutStatus: 'none',
        soldAt,
      })
      .returning();
    await db.update(cards).set({ ownerId: buyer }).where(eq(cards.id, c.id));
    await db.insert(cardEvents).values([
      { cardId: c.id, kind: 'listed', data: { listing: l!.id, priceCents: price, sellerId: null }, actorId: admin, at: listedAt },
      {
        cardId: c.id,
        kind: 'sold',
        data: { listingId: l!.id, saleId: s!.id, priceCents: price, buyerId: buyer, sellerId: null },
        actorId: buyer,
        at: soldAt,
      },
      { cardId: c.id, kind: 'transferred', data: { fromOwnerId: house, toOwnerId: buyer, saleId: s!.id }, actorId: buyer, at: soldAt },
    ]);
  }

  const own = async (owner: string, subject: string) =>
    (
      await db
        .select()
        .from(cards)
        .where(and(eq(cards.ownerId, owner), eq(cards.subject, subject)))
        .limit(1)
    )[0];

  // Casey's Gretzky: listed through a completed card request, with a pending promotion request.
  const gretzky = await own(casey, 'Wayne Gretzky');
  if (gretzky && !gretzky.holdKind && gretzky.custody === 'in_vault') {
    const at = new Date(now - 12 * DAY);
    const [l] = await db
      .insert(listings)
      .values({ cardId: gretzky.id, sellerId: casey, priceCents: $(26_500), createdAt: at, updatedAt: at })
      .returning();
    await db.update(cards).set({ holdKind: 'listing', holdRef: l!.id }).where(eq(cards.id, gretzky.id));
    await db
      .insert(cardEvents)
      .values({ cardId: gretzky.id, kind: 'listed', data: { listing: l!.id, priceCents: l!.priceCents, sellerId: casey }, actorId: admin, at });
    const [req] = await db
      .insert(cardRequests)
      .values({
        userId: casey,
        cardId: gretzky.id,
        kind: 'list',
        status: 'completed',
        askingPriceCents: $(26_500),
        listingId: l!.id,
        createdAt: new Date(now - 14 * DAY),
        updatedAt: at,
      })
      .returning();
    await db.insert(cardRequestEvents).values([
      { cardRequestId: req!.id, toStatus: 'pending', actorId: casey, at: new Date(now - 14 * DAY) },
      {
        cardRequestId: req!.id,
        fromStatus: 'pending',
        toStatus: 'completed',
        note: 'Already in the vault; listed at the asking price',
        actorId: admin,
        at,
      },
    ]);
    await db.insert(listingEvents).values({ listingId: l!.id, toStatus: 'active', actorId: admin, at });
    const [p] = await db
      .insert(promotionRequests)
      .values({
        listingId: l!.id,
        userId: casey,
        days: 7,
        note: 'Featured for the holiday week, please',
        createdAt: new Date(now - 2 * DAY),
        updatedAt: new Date(now - 2 * DAY),
      })
      .returning();
    await db.insert(promotionRequestEvents).values({ promotionRequestId: p!.id, toStatus: 'pending', actorId: casey, at: new Date(now - 2 * DAY) });
    listed.push({ id: l!.id, cardId: gretzky.id });
  }

  // Pending card requests and sell offers from Casey and Jordan (each holds its card).
  const requests: [string, string, 'list' | 'vault', number | null, string][] = [
    [casey, 'Stephen Curry', 'list', $(23_000), 'Would like this on the MarketPlace before the playoffs'],
    [jordan, 'Shohei Ohtani', 'vault', null, 'Please store it with my other slabs'],
  ];
  for (const [owner, subject, kind, price, note] of requests) {
    const c = await own(owner, subject);
    if (!c || c.holdKind) continue;
    const at = new Date(now - 3 * DAY);
    const [r] = await db
      .insert(cardRequests)
      .values({ userId: owner, cardId: c.id, kind, askingPriceCents: price, note, createdAt: at, updatedAt: at })
      .returning();
    await db.update(cards).set({ holdKind: 'card_request', holdRef: r!.id }).where(eq(cards.id, c.id));
    await db.insert(cardRequestEvents).values({ cardRequestId: r!.id, toStatus: 'pending', note, actorId: owner, at });
  }
  const offers: [string, string, number, number | null, string][] = [
    [casey, 'Hank Aaron', $(12_500), null, 'Open to a quick sale'],
    [jordan, 'Luka Doncic', $(4_600), $(4_100), 'Looking to consolidate'],
  ];
  for (const [owner, subject, price, counter, note] of offers) {
    const c = await own(owner, subject);
    if (!c || c.holdKind) continue;
    const at = new Date(now - 4 * DAY);
    const [o] = await db
      .insert(sellOffers)
      .values({
        userId: owner,
        cardId: c.id,
        priceCents: price,
        counterPriceCents: counter,
        status: counter ? 'countered' : 'pending',
        note,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await db.update(cards).set({ holdKind: 'sell_offer', holdRef: o!.id }).where(eq(cards.id, c.id));
    await db.insert(sellOfferEvents).values({ sellOfferId: o!.id, toStatus: 'pending', note, actorId: owner, at });
    if (counter) {
      await db.insert(sellOfferEvents).values({
        sellOfferId: o!.id,
        fromStatus: 'pending',
        toStatus: 'countered',
        note: 'Recent comps are lower',
        actorId: admin,
        at: new Date(now - DAY),
      });
    }
  }

  // A month of page views: the featured and pricier slabs draw more, and for longer.
  const viewers = [casey, jordan, ...(morgan ? [morgan] : [])];
  const views: (typeof secureViews.$inferInsert)[] = [];
  let k = 0;
  for (const [i, l] of listed.entries()) {
    const popularity = 1 + ((i * 7) % 5) + (houseInventory[i]?.[9] ? 4 : 0);
    for (let v = 0; v < popularity; v++) {
      k++;
      const startedAt = new Date(now - ((k * 37) % 29) * DAY - ((k * 4_513) % 80_000) * 1000);
      views.push({
        cardId: l.cardId,
        listingId: l.id,
        userId: viewers[k % viewers.length]!,
        startedAt,
        timeSpentSeconds: 5 + ((k * 53) % 240),
        endedAt: startedAt,
      });
    }
  }
  if (views.length) await db.insert(secureViews).values(views);
}
