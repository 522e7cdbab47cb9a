import { and, count, eq, inArray, isNull, lte, desc, sql } from 'drizzle-orm';
import type { Grader, Sport } from '#common/cards.ts';
import { gradeValueFromLabel } from '#common/cards.ts';
import { formatCents } from '#common/format.ts';
import { splitByPercent } from '#common/funds.ts';
import { addDays, dayOf } from '#common/market-index.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { fundAllocations, fundHoldings, funds, fundTransactions } from '#server/db/schema/funds.ts';
import { onboardings } from '#server/db/schema/onboarding.ts';
import { demoClientFunds } from '#server/db/seed/onboarding.ts';
import { indexConstituents, priceObservations } from '#server/db/schema/market-index.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { users } from '#server/db/schema/users.ts';
import { houseAccountId } from '#server/modules/cards/index.ts';
import {
  applyAddHolding,
  applyMark,
  createFund,
  disposeHolding,
  recordTransaction,
  requestSubscription,
  runValuation,
} from '#server/modules/funds/index.ts';

/**
 * DEMO DATA. Three funds built through the funds services, month by month since inception, so
 * every figure follows the same accounting as a real fund: the demo members subscribe, the fund
 * buys new house cards (index cards at the index's price on the day, others at a stated cost with
 * quarterly manual marks), and a valuation runs at each month's end. Needs the demo index first.
 */

type Card = [
  subject: string,
  year: number,
  brand: string,
  cardNumber: string,
  variety: string | null,
  grader: Grader,
  grade: string,
  sport: Sport,
  dollars?: number,
];

interface DemoFund {
  name: string;
  slug: string;
  strategy: string;
  description: string;
  monthsAgo: number;
  minimumDollars: number;
  feeBps: number;
  /** Dollars in at inception, by demo member phone. */
  initial: [phone: string, dollars: number][];
  cards: Card[];
}

const CASEY = '+12125550103';
const JORDAN = '+12125550104';
const AVERY = '+12125550101';

const DOCUMENTS = (name: string, fee: string) =>
  `${name}: offering summary (demo)\n\n` +
  `Units are issued and redeemed at the net asset value per unit of the next monthly valuation. NAV is the marked value of the cards held plus cash, less the accrued management fee (${fee} a year, accrued daily on gross assets and paid at each valuation).\n\n` +
  'Cards are held by WonderShyne in its insured vault. Cards that the WonderShyne Index follows are marked at the index’s last observed sale; other cards are marked by the manager with the date and the person recorded.\n\n' +
  'Units are computed to six decimal places and always rounded down; redemption proceeds are rounded down to the cent. Past performance does not predict future results.';

const demoFunds: DemoFund[] = [
  {
    name: 'Vintage Baseball Fund',
    slug: 'vintage-baseball',
    strategy: 'Pre-1975 Hall of Fame baseball in mid to high grades, bought for the long hold.',
    description: 'A concentrated portfolio of the hobby’s anchor cards: Mays, Clemente, Koufax, Aaron and the 1950s Topps and Bowman sets.',
    monthsAgo: 20,
    minimumDollars: 25_000,
    feeBps: 150,
    initial: [
      [CASEY, 90_000],
      [JORDAN, 60_000],
    ],
    cards: [
      ['Willie Mays', 1952, 'Topps', '261', null, 'PSA', 'EX-MT 6', 'baseball'],
      ['Roberto Clemente', 1955, 'Topps', '164', null, 'PSA', 'EX-MT 6', 'baseball'],
      ['Ted Williams', 1954, 'Topps', '1', null, 'PSA', 'NM 7', 'baseball'],
      ['Hank Aaron', 1954, 'Topps', '128', null, 'SGC', 'NM 7', 'baseball'],
      ['Nolan Ryan', 1968, 'Topps', '177', null, 'SGC', 'NM-MT 8', 'baseball'],
      ['Sandy Koufax', 1955, 'Topps', '123', null, 'PSA', 'NM 7', 'baseball'],
      ['Pete Rose', 1963, 'Topps', '537', null, 'PSA', 'NM-MT 8', 'baseball'],
      ['Jackie Robinson', 1952, 'Topps', '312', null, 'PSA', 'VG-EX 4', 'baseball', 19_500],
      ['Yogi Berra', 1948, 'Bowman', '6', null, 'PSA', 'EX 5', 'baseball', 6_800],
      ['Warren Spahn', 1948, 'Leaf', '32', null, 'PSA', 'VG-EX 4', 'baseball', 4_100],
      ['Duke Snider', 1949, 'Bowman', '226', null, 'PSA', 'EX-MT 6', 'baseball', 3_900],
      ['Ernie Banks', 1954, 'Topps', '94', null, 'PSA', 'EX 5', 'baseball', 5_600],
      ['Harmon Killebrew', 1955, 'Topps', '124', null, 'PSA', 'NM 7', 'baseball', 2_300],
      ['Brooks Robinson', 1957, 'Topps', '328', null, 'PSA', 'NM 7', 'baseball', 2_600],
      ['Bob Gibson', 1959, 'Topps', '514', null, 'PSA', 'NM-MT 8', 'baseball', 4_400],
      ['Frank Robinson', 1957, 'Topps', '35', null, 'PSA', 'NM 7', 'baseball', 1_900],
    ],
  },
  {
    name: 'Modern Basketball Fund',
    slug: 'modern-basketball',
    strategy: 'Key rookie cards from Jordan to Wembanyama in gem-mint grades, rebalanced toward liquid names.',
    description: 'The cards that set the modern market: Jordan, Kobe, LeBron and Curry rookies with the best of the Prizm era.',
    monthsAgo: 14,
    minimumDollars: 10_000,
    feeBps: 125,
    initial: [
      [CASEY, 60_000],
      [JORDAN, 35_000],
    ],
    cards: [
      ['Michael Jordan', 1986, 'Fleer', '57', null, 'PSA', 'MINT 9', 'basketball'],
      ['Stephen Curry', 2009, 'Topps Chrome', '101', 'Refractor /500', 'PSA', 'GEM MT 10', 'basketball'],
      ['Kobe Bryant', 1996, 'Topps Chrome', '138', 'Refractor', 'PSA', 'MINT 9', 'basketball'],
      ['LeBron James', 2003, 'Topps Chrome', '111', 'Refractor', 'BGS', '9.5', 'basketball'],
      ['Luka Doncic', 2018, 'Panini Prizm', '280', 'Silver', 'PSA', 'GEM MT 10', 'basketball'],
      ['LeBron James', 2003, 'Upper Deck', '221', 'Rookie', 'PSA', 'GEM MT 10', 'basketball'],
      ['Giannis Antetokounmpo', 2013, 'Panini Prizm', '290', null, 'PSA', 'GEM MT 10', 'basketball'],
      ['Victor Wembanyama', 2023, 'Panini Prizm', '136', null, 'PSA', 'GEM MT 10', 'basketball'],
      ['Jayson Tatum', 2017, 'Panini Prizm', '16', null, 'PSA', 'GEM MT 10', 'basketball'],
      ['Zion Williamson', 2019, 'Panini Prizm', '248', null, 'PSA', 'GEM MT 10', 'basketball'],
      ['Ja Morant', 2019, 'Panini Prizm', '249', null, 'PSA', 'GEM MT 10', 'basketball', 1_150],
      ['Trae Young', 2018, 'Panini Prizm', '78', null, 'PSA', 'GEM MT 10', 'basketball', 800],
      ['Anthony Edwards', 2020, 'Panini Prizm', '258', null, 'PSA', 'GEM MT 10', 'basketball', 1_300],
      ['Kevin Durant', 2007, 'Topps Chrome', '131', 'Refractor', 'PSA', 'GEM MT 10', 'basketball', 5_200],
    ],
  },
  {
    name: 'Multi-Sport Blue-Chip Fund',
    slug: 'multi-sport-blue-chip',
    strategy: 'The most traded names across baseball, football, basketball and hockey, weighted toward cards with deep sale histories.',
    description: 'A diversified core holding: Gretzky, Orr, Unitas, Brady, Griffey and Jeter, with a sleeve of modern quarterbacks.',
    monthsAgo: 26,
    minimumDollars: 5_000,
    feeBps: 100,
    initial: [
      [CASEY, 65_000],
      [JORDAN, 45_000],
    ],
    cards: [
      ['Wayne Gretzky', 1979, 'O-Pee-Chee', '18', null, 'PSA', 'NM-MT 8', 'hockey'],
      ['Johnny Unitas', 1957, 'Topps', '138', null, 'PSA', 'NM-MT 8', 'football'],
      ['Bobby Orr', 1966, 'Topps', '35', null, 'PSA', 'NM 7', 'hockey'],
      ['Kareem Abdul-Jabbar', 1969, 'Topps', '25', null, 'PSA', 'NM 7', 'basketball'],
      ['Tom Brady', 2000, 'Bowman Chrome', '236', null, 'PSA', 'MINT 9', 'football'],
      ['Joe Namath', 1965, 'Topps', '122', null, 'PSA', 'NM 7', 'football'],
      ['Jim Brown', 1958, 'Topps', '62', null, 'PSA', 'NM 7', 'football'],
      ['Mike Trout', 2011, 'Topps Update', 'US175', null, 'PSA', 'GEM MT 10', 'baseball'],
      ['Derek Jeter', 1993, 'SP', '279', 'Foil', 'PSA', 'MINT 9', 'baseball'],
      ['Sidney Crosby', 2005, 'Upper Deck', '201', 'Young Guns', 'PSA', 'GEM MT 10', 'hockey'],
      ['Ken Griffey Jr.', 1989, 'Upper Deck', '1', null, 'PSA', 'GEM MT 10', 'baseball'],
      ['Patrick Mahomes II', 2017, 'Panini Prizm', '269', null, 'PSA', 'GEM MT 10', 'football'],
      ['Walter Payton', 1976, 'Topps', '148', null, 'PSA', 'NM-MT 8', 'football'],
      ['Mario Lemieux', 1985, 'O-Pee-Chee', '9', null, 'PSA', 'NM-MT 8', 'hockey', 3_400],
      ['Dan Marino', 1984, 'Topps', '123', null, 'PSA', 'MINT 9', 'football', 1_200],
    ],
  },
];

/**
 * The funded demo client's share of the confirmed deposit for one fund, as a pending subscription
 * written as the live confirmation writes it (funds.onboarding.ts subscribeFromDeposit), split over
 * the whole choice. Written one fund at a time because the funds are built one after another: the
 * fund's next valuation deals it and posts it to the ledger.
 */
async function subscribeDeposit(
  ctx: Pick<AppContext, 'db'>,
  d: { onboardingId: string; userId: string; amountCents: number; at: Date; by: string | null; fundId: string; slug: string },
) {
  const parts = splitByPercent(
    d.amountCents,
    demoClientFunds.funds.map((f) => ({ fundId: f.slug, percent: f.percent })),
  );
  const amountCents = parts.find((p) => p.fundId === d.slug)?.amountCents ?? 0;
  const percent = demoClientFunds.funds.find((f) => f.slug === d.slug)?.percent;
  await ctx.db.insert(fundTransactions).values({
    fundId: d.fundId,
    userId: d.userId,
    kind: 'subscription',
    source: 'onboarding',
    amountCents,
    onboardingId: d.onboardingId,
    note: `Initial deposit, ${percent}% of ${formatCents(d.amountCents)}`,
    createdBy: d.by,
    createdAt: d.at,
    updatedAt: d.at,
  });
}

/** mulberry32: the same demo marks on every install. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The last day of each month from `from`'s month through the last month that ended before `today`. */
function monthEnds(from: string, today: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  for (;;) {
    const end = dayOf(new Date(Date.UTC(y, m, 0)));
    if (end >= today) break;
    if (end >= from) out.push(end);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

export async function seedDemoFunds(db: Db, now = new Date()) {
  const [{ n }] = await db.select({ n: count() }).from(funds);
  if (Number(n) > 0) return;
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.phone, [AVERY, CASEY, JORDAN]));
  const admin = people.find((p) => p.phone === AVERY);
  if (!admin) return;
  const byPhone = new Map(people.map((p) => [p.phone, p]));
  const house = await houseAccountId(db);
  let at = now;
  const ctx: Pick<AppContext, 'db' | 'clock' | 'live' | 'log'> = {
    db,
    clock: { now: () => at },
    live: { publish: async () => {}, disconnect: async () => {}, sessionsChanged: async () => {}, settingsChanged: async () => {} },
    log: { warn: () => {} } as unknown as AppContext['log'],
  };
  const actorOf = (u: typeof admin): SignedInActor => ({
    user: { id: u.id, phone: u.phone, name: u.name, isAdmin: u.isAdmin, isManager: u.isManager, sessionId: 'seed', impersonatorId: null },
    impersonatorId: null,
    ip: null,
    userAgent: null,
  });
  const actor = actorOf(admin);
  const today = dayOf(now);
  // The evening of a day, but never after the seed runs (today's evening may still be ahead).
  const setDay = (day: string) => {
    at = new Date(Math.min(Date.parse(`${day}T18:00:00Z`), now.getTime()));
  };
  let cert = 61_000_000;
  const subscribed = new Set<string>();
  // The demo manager's funded client (seed/onboarding.ts): the confirmed deposit's fund choice, and
  // its subscriptions dealt at each fund's first valuation after the confirmation, as the live
  // confirmation leaves them (decision 083).
  const [client] = await db
    .select()
    .from(onboardings)
    .where(and(eq(onboardings.clientPhone, demoClientFunds.phone), eq(onboardings.status, 'active')))
    .limit(1);
  const deposit =
    client?.clientUserId && client.depositCents && client.depositConfirmedAt
      ? {
          onboardingId: client.id,
          userId: client.clientUserId,
          amountCents: client.depositCents,
          at: client.depositConfirmedAt,
          by: client.depositConfirmedBy,
        }
      : null;

  for (const [fi, def] of demoFunds.entries()) {
    const random = rng(1000 + fi);
    const monthsBack = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - def.monthsAgo, 0));
    const inception = dayOf(monthsBack);
    setDay(inception);
    const created = await createFund(ctx, actor, {
      fund: {
        name: def.name,
        slug: def.slug,
        strategy: def.strategy,
        description: def.description,
        documents: DOCUMENTS(def.name, `${(def.feeBps / 100).toFixed(2)}%`),
        status: 'open',
        minimumInvestmentCents: def.minimumDollars * 100,
        managementFeeBps: def.feeBps,
        inceptionDate: inception,
        initialUnitPriceCents: 10_000,
      },
    });
    const fundId = created.fund.id;
    const choice = demoClientFunds.funds.find((f) => f.slug === def.slug);
    if (deposit && choice) await db.insert(fundAllocations).values({ onboardingId: deposit.onboardingId, fundId, percent: choice.percent });
    for (const [phone, dollars] of def.initial) {
      const u = byPhone.get(phone);
      if (u)
        await recordTransaction(ctx, actor, {
          fundId,
          tx: { kind: 'subscription', userId: u.id, amountCents: dollars * 100, note: 'Founding subscription' },
        });
    }
    await runValuation(ctx, actor, { fundId, valuedOn: inception });

    // Buy the cards the day after inception: new house cards, vaulted, then held by the fund.
    const buyDay = addDays(inception, 1);
    setDay(buyDay);
    const manual: string[] = [];
    for (const c of def.cards) {
      const [subject, year, brand, cardNumber, variety, grader, grade, sport, dollars] = c;
      const gradeValue = gradeValueFromLabel(grade);
      const [k] = await db
        .select({ id: indexConstituents.id })
        .from(indexConstituents)
        .where(
          and(
            eq(indexConstituents.player, subject),
            eq(indexConstituents.year, year),
            eq(indexConstituents.cardNumber, cardNumber),
            eq(indexConstituents.grader, grader),
            isNull(indexConstituents.retiredOn),
          ),
        )
        .limit(1);
      let cost = (dollars ?? 0) * 100;
      if (k) {
        const [p] = await db
          .select({ price: priceObservations.priceCents })
          .from(priceObservations)
          .where(and(eq(priceObservations.constituentId, k.id), lte(priceObservations.observedOn, buyDay)))
          .orderBy(desc(priceObservations.observedOn))
          .limit(1);
        if (p) cost = Math.round(p.price * (0.95 + random() * 0.04));
      }
      if (cost <= 0) cost = 100_000;
      // The walk may have priced a card above what is left: the fund passes on it.
      const [{ cash }] = await db.select({ cash: funds.cashCents }).from(funds).where(eq(funds.id, fundId));
      if (cost > cash - 2_000_00) continue;
      const [card] = await db
        .insert(cards)
        .values({
          ownerId: house,
          grader,
          certNumber: String(++cert),
          grade,
          gradeValue,
          year,
          brand,
          subject,
          cardNumber,
          variety,
          sport,
          estimatedValueCents: cost,
          custody: 'in_vault',
          createdAt: new Date(`${addDays(inception, -10)}T15:00:00Z`),
          updatedAt: at,
        })
        .returning({ id: cards.id, createdAt: cards.createdAt });
      await db.insert(cardEvents).values([
        { cardId: card.id, kind: 'registered', data: { source: grader === 'PSA' ? 'psa' : 'manual' }, actorId: admin.id, at: card.createdAt },
        {
          cardId: card.id,
          kind: 'custody_changed',
          data: { from: 'with_owner', to: 'in_vault', note: 'Received and inspected; slab intact' },
          actorId: admin.id,
          at: new Date(card.createdAt.getTime() + 2 * 86_400_000),
        },
      ]);
      const h = await applyAddHolding(ctx, actor, { fundId, holding: { cardId: card.id, costBasisCents: cost, acquiredOn: buyDay } });
      if (!h.constituentId) manual.push(h.id);
    }

    // Month ends: quarterly manual marks, a top-up and a redemption along the way, then the valuation.
    const ends = monthEnds(addDays(inception, 1), today);
    const drift = new Map(manual.map((id) => [id, 1]));
    for (const [mi, end] of ends.entries()) {
      setDay(end);
      if (mi % 3 === 2) {
        for (const id of manual) {
          const factor = (drift.get(id) ?? 1) * (1 + (random() - 0.4) * 0.06);
          drift.set(id, factor);
          const [h] = await db.select().from(fundHoldings).where(eq(fundHoldings.id, id));
          if (h.disposedOn) continue;
          await applyMark(ctx, actor, {
            fundId,
            holdingId: id,
            mark: { valueCents: Math.round(h.costBasisCents * factor), markedOn: addDays(end, -3), note: 'Quarterly review of comparable sales' },
          });
        }
      }
      const jordan = byPhone.get(JORDAN);
      if (mi === 4 && jordan)
        await recordTransaction(ctx, actor, {
          fundId,
          tx: { kind: 'subscription', userId: jordan.id, amountCents: 20_000_00, note: 'Added to position' },
        });
      if (mi === 8 && fi === 2 && jordan)
        await recordTransaction(ctx, actor, {
          fundId,
          tx: { kind: 'redemption', userId: jordan.id, unitsMicro: 40_000_000, note: 'Partial redemption' },
        });
      if (mi === 10 && fi === 0 && manual[0]) {
        const [h] = await db.select().from(fundHoldings).where(eq(fundHoldings.id, manual[0]));
        await disposeHolding(ctx, actor, {
          fundId,
          holdingId: h.id,
          disposal: { proceedsCents: Math.round(h.costBasisCents * 1.18), disposedOn: addDays(end, -5), note: 'Sold privately' },
        });
      }
      if (deposit && choice && dayOf(deposit.at) <= end && !subscribed.has(fundId)) {
        subscribed.add(fundId);
        await subscribeDeposit(ctx, { ...deposit, fundId, slug: def.slug });
      }
      await runValuation(ctx, actor, { fundId, valuedOn: end });
    }
  }

  // One request waiting on the Requests tab.
  const casey = byPhone.get(CASEY);
  const [open] = await db.select({ id: funds.id }).from(funds).where(eq(funds.slug, 'modern-basketball'));
  if (casey && open) {
    setDay(today);
    await requestSubscription(ctx, actorOf(casey), { fundId: open.id, amountCents: 15_000_00, note: 'Adding after the bonus' });
  }
  // The valuations told each investor their dealings, as they happened: like the rest of the demo
  // bell (seed/notifications.ts), what is more than three days old has been read.
  await db
    .update(notifications)
    .set({ readAt: sql`${notifications.createdAt} + interval '2 hours'` })
    .where(
      and(eq(notifications.kind, 'fund_dealt'), isNull(notifications.readAt), lte(notifications.createdAt, new Date(now.getTime() - 3 * 86_400_000))),
    );
}
