import { and, count, eq, inArray } from 'drizzle-orm';
import type { Sport, Grader } from '#common/cards.ts';
import type { HuntStatus, SourceStatus } from '#common/hunts.ts';
import type { Db } from '#server/db/client.ts';
import { cards } from '#server/db/schema/cards.ts';
import { huntBoardViews, huntEvents, hunts, sourceEvents, sources } from '#server/db/schema/hunts.ts';
import { users } from '#server/db/schema/users.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CASEY = '+12125550103';
const JORDAN = '+12125550104';
const MORGAN = '+12125550102';
const AVERY = '+12125550101';

interface DemoHunt {
  key: string;
  by: string;
  sport: Sport;
  player: string;
  year: number | null;
  set: string | null;
  grader: Grader | null;
  minGrade: number | null;
  budget: number;
  notes: string | null;
  status: HuntStatus;
  daysAgo: number;
  note?: string;
}

interface DemoSource {
  hunt: string;
  by: string;
  /** A registry card of the responder's (by player and year), or a hand description. */
  card?: { subject: string; year: number; brand?: string };
  description?: string;
  price: number;
  note: string | null;
  status: SourceStatus;
  statusNote?: string;
}

const h = (
  key: string,
  by: string,
  sport: Sport,
  player: string,
  year: number | null,
  set: string | null,
  grader: Grader | null,
  minGrade: number | null,
  budget: number,
  daysAgo: number,
  status: HuntStatus = 'active',
  notes: string | null = null,
  note?: string,
): DemoHunt => ({
  key,
  by,
  sport,
  player,
  year,
  set,
  grader,
  minGrade,
  budget,
  daysAgo,
  status,
  notes,
  note,
});

/** Demo hunts of the demo members, consistent with their registries (db/seed/demo-cards.ts). */
export const demoHunts: DemoHunt[] = [
  h('luka', CASEY, 'basketball', 'Luka Doncic', 2018, 'Panini Prizm Silver', 'PSA', 10, 5_000_00, 34, 'active', 'Silver prizm only, no base.'),
  h('mantle', CASEY, 'baseball', 'Mickey Mantle', 1952, 'Topps', 'PSA', 4, 150_000_00, 29, 'active', 'Any centering; eye appeal over grade.'),
  h('brady', CASEY, 'football', 'Tom Brady', 2000, 'Bowman Chrome', null, 9, 7_000_00, 27),
  h('jordan86', JORDAN, 'basketball', 'Michael Jordan', 1986, 'Fleer', 'PSA', 8, 12_000_00, 25, 'active', 'Looking for a strong 8 or a 9.'),
  h('gretzky', JORDAN, 'hockey', 'Wayne Gretzky', 1979, 'O-Pee-Chee', 'PSA', 7, 18_000_00, 22),
  h('curry', JORDAN, 'basketball', 'Stephen Curry', 2009, 'Topps Chrome Refractor', 'PSA', 9, 15_000_00, 19),
  h('griffey', MORGAN, 'baseball', 'Ken Griffey Jr.', 1989, 'Upper Deck', 'PSA', 10, 3_000_00, 17),
  h('haaland', MORGAN, 'soccer', 'Erling Haaland', 2020, 'Topps Chrome UEFA', 'PSA', 9, 800_00, 14, 'active', 'Rookie card, any parallel.'),
  h('tiger', MORGAN, 'golf', 'Tiger Woods', 1996, 'Sports Illustrated for Kids', 'PSA', 9, 4_500_00, 11),
  h('ryan', JORDAN, 'baseball', 'Nolan Ryan', 1968, 'Topps', 'SGC', 7, 8_000_00, 9),
  h('mahomes', CASEY, 'football', 'Patrick Mahomes II', 2017, 'Panini Prizm', 'PSA', 10, 3_500_00, 6),
  h('mcdavid', MORGAN, 'hockey', 'Connor McDavid', 2015, 'Upper Deck Young Guns', 'PSA', 10, 4_000_00, 4),
  h('ali', JORDAN, 'boxing', 'Muhammad Ali', 1973, 'Panini', null, 6, 2_500_00, 3, 'active', 'Sticker card is fine.'),
  // Waiting for review.
  h('clemente', CASEY, 'baseball', 'Roberto Clemente', 1955, 'Topps', 'PSA', 6, 20_000_00, 1, 'pending', 'Rookie card.'),
  h('wemby', JORDAN, 'basketball', 'Victor Wembanyama', 2023, 'Panini Prizm', 'PSA', 10, 1_200_00, 0.5, 'pending'),
  h('jeter', MORGAN, 'baseball', 'Derek Jeter', 1993, 'SP Foil', 'PSA', 9, 3_500_00, 0.2, 'pending'),
  // Done.
  h('trout', JORDAN, 'baseball', 'Mike Trout', 2011, 'Topps Update', 'PSA', 10, 6_000_00, 55, 'fulfilled', null, 'Sold through the desk'),
  h('crosby', CASEY, 'hockey', 'Sidney Crosby', 2005, 'Upper Deck Young Guns', 'PSA', 10, 4_000_00, 48, 'fulfilled', null, 'Sold through the desk'),
  h('henderson', MORGAN, 'baseball', 'Rickey Henderson', 1980, 'Topps', 'PSA', 9, 2_000_00, 41, 'fulfilled', null, 'Sold through the desk'),
  h(
    'vague',
    CASEY,
    'other',
    'Any vintage rookie',
    null,
    null,
    null,
    null,
    500_00,
    38,
    'closed',
    null,
    'Declined: too broad to source; name a player and set',
  ),
  // Repeat wants, so the most-wanted table has a ranking.
  h('luka-old', MORGAN, 'basketball', 'Luka Doncic', 2018, 'Panini Prizm', 'PSA', 9, 900_00, 52, 'fulfilled', null, 'Sold through the desk'),
  h('jordan-old', MORGAN, 'basketball', 'Michael Jordan', 1986, 'Fleer', 'BGS', 8, 9_000_00, 44, 'closed', null, 'Closed by the requester'),
  h('mahomes-2', JORDAN, 'football', 'Patrick Mahomes II', 2017, 'Panini Prizm', 'PSA', 9, 1_500_00, 0.8, 'pending'),
  h('zion', JORDAN, 'basketball', 'Zion Williamson', 2019, 'Panini Prizm', 'PSA', 10, 400_00, 31, 'closed', null, 'Closed by the requester'),
];

export const demoSources: DemoSource[] = [
  { hunt: 'luka', by: JORDAN, card: { subject: 'Luka Doncic', year: 2018 }, price: 4_600_00, note: 'Registered copy, PSA 10.', status: 'pending' },
  {
    hunt: 'jordan86',
    by: CASEY,
    card: { subject: 'Michael Jordan', year: 1986 },
    price: 16_000_00,
    note: 'PSA 9, in the vault already.',
    status: 'pending',
  },
  {
    hunt: 'curry',
    by: MORGAN,
    description: '2009 Topps Chrome Stephen Curry Refractor #101 PSA 9',
    price: 13_500_00,
    note: 'A friend’s copy; can bring it in.',
    status: 'pending',
  },
  {
    hunt: 'brady',
    by: MORGAN,
    card: { subject: 'Tom Brady', year: 2000, brand: 'Bowman Chrome' },
    price: 6_500_00,
    note: 'PSA 9, sharp.',
    status: 'active',
    statusNote: 'Both sides put in touch; pickup booked',
  },
  {
    hunt: 'griffey',
    by: CASEY,
    card: { subject: 'Ken Griffey Jr.', year: 1989 },
    price: 2_800_00,
    note: null,
    status: 'active',
    statusNote: 'Put in touch',
  },
  {
    hunt: 'brady',
    by: JORDAN,
    card: { subject: 'Tom Brady', year: 2000, brand: 'Bowman Chrome' },
    price: 7_200_00,
    note: 'BGS 9.',
    status: 'closed',
    statusNote: 'Withdrawn by the member',
  },
  {
    hunt: 'gretzky',
    by: CASEY,
    card: { subject: 'Wayne Gretzky', year: 1979 },
    price: 26_000_00,
    note: 'NM-MT 8.',
    status: 'closed',
    statusNote: 'Above the requester’s budget',
  },
  {
    hunt: 'trout',
    by: MORGAN,
    description: '2011 Topps Update Mike Trout #US175 PSA 10',
    price: 5_600_00,
    note: null,
    status: 'fulfilled',
    statusNote: 'Sold through the desk',
  },
  {
    hunt: 'crosby',
    by: JORDAN,
    description: '2005 Upper Deck Young Guns Sidney Crosby #201 PSA 10 (second copy)',
    price: 3_700_00,
    note: null,
    status: 'fulfilled',
    statusNote: 'Sold through the desk',
  },
  {
    hunt: 'luka-old',
    by: CASEY,
    description: '2018 Panini Prizm Luka Doncic #280 PSA 9',
    price: 850_00,
    note: null,
    status: 'fulfilled',
    statusNote: 'Sold through the desk',
  },
  {
    hunt: 'henderson',
    by: CASEY,
    description: '1980 Topps Rickey Henderson #482 PSA 9',
    price: 1_800_00,
    note: null,
    status: 'fulfilled',
    statusNote: 'Sold through the desk',
  },
];

/** The path a row took to reach its status, for the history tables. */
function path<S extends string>(status: S, approved: boolean): [S | null, S][] {
  const steps: [string | null, string][] = [[null, 'pending']];
  if (approved) steps.push(['pending', 'active']);
  if (status === 'fulfilled') steps.push(['active', 'fulfilled']);
  if (status === 'closed') steps.push([approved ? 'active' : 'pending', 'closed']);
  return steps as [S | null, S][];
}

/**
 * Hunts, offers, their histories and two months of board views, once (when there are no hunts
 * yet). Approvals come a few hours after posting, so the analytics have medians to show.
 */
export async function seedDemoHunts(db: Db) {
  const [{ n }] = await db.select({ n: count() }).from(hunts);
  if (n > 0) return;
  const people = await db
    .select({ id: users.id, phone: users.phone })
    .from(users)
    .where(inArray(users.phone, [CASEY, JORDAN, MORGAN, AVERY]));
  const idOf = new Map(people.map((p) => [p.phone, p.id]));
  if (![CASEY, JORDAN, MORGAN, AVERY].every((p) => idOf.has(p))) return;
  const admin = idOf.get(AVERY)!;
  const now = Date.now();
  const huntIds = new Map<string, string>();
  const approvedAtOf = new Map<string, number>();

  for (const [i, d] of demoHunts.entries()) {
    const created = now - d.daysAgo * DAY;
    const approved = d.status !== 'pending' && !(d.status === 'closed' && d.note?.startsWith('Declined'));
    const approvedAt = approved ? created + (2 + (i % 5) * 3) * HOUR : null;
    const finalAt = d.status === 'fulfilled' || d.status === 'closed' ? created + (d.status === 'fulfilled' ? 9 + (i % 4) * 4 : 2) * DAY : null;
    const [row] = await db
      .insert(hunts)
      .values({
        requesterId: idOf.get(d.by)!,
        sport: d.sport,
        player: d.player,
        year: d.year,
        set: d.set,
        grader: d.grader,
        minGrade: d.minGrade,
        maxBudgetCents: d.budget,
        deadline: d.status === 'active' && i % 3 === 0 ? new Date(now + (30 + i * 5) * DAY).toISOString().slice(0, 10) : null,
        notes: d.notes,
        status: d.status,
        statusNote: d.note ?? null,
        createdAt: new Date(created),
        updatedAt: new Date(finalAt ?? approvedAt ?? created),
        approvedAt: approvedAt ? new Date(approvedAt) : null,
        fulfilledAt: d.status === 'fulfilled' ? new Date(finalAt!) : null,
        closedAt: d.status === 'closed' ? new Date(finalAt!) : null,
      })
      .returning({ id: hunts.id });
    huntIds.set(d.key, row!.id);
    if (approvedAt) approvedAtOf.set(d.key, approvedAt);
    const times = [created, approvedAt, finalAt].filter((x): x is number => x !== null);
    await db.insert(huntEvents).values(
      path(d.status, Boolean(approvedAt)).map(([from, to], k) => ({
        huntId: row!.id,
        fromStatus: from,
        toStatus: to,
        note: to === d.status && k > 0 ? (d.note ?? null) : null,
        actorId: k === 0 || (to === 'closed' && d.note === 'Closed by the requester') ? idOf.get(d.by)! : admin,
        at: new Date(times[Math.min(k, times.length - 1)]!),
      })),
    );
  }

  for (const [i, s] of demoSources.entries()) {
    const responderId = idOf.get(s.by)!;
    let cardId: string | null = null;
    if (s.card) {
      const [card] = await db
        .select({ id: cards.id })
        .from(cards)
        .where(
          and(
            eq(cards.ownerId, responderId),
            eq(cards.subject, s.card.subject),
            eq(cards.year, s.card.year),
            s.card.brand ? eq(cards.brand, s.card.brand) : undefined,
          ),
        )
        .limit(1);
      cardId = card?.id ?? null;
    }
    const description = cardId ? null : (s.description ?? `${s.card?.year} ${s.card?.subject}`);
    const created = (approvedAtOf.get(s.hunt) ?? now - 10 * DAY) + (6 + i * 5) * HOUR;
    const approved = s.status === 'active' || s.status === 'fulfilled';
    const approvedAt = approved ? created + 20 * HOUR : null;
    const finalAt = s.status === 'fulfilled' || s.status === 'closed' ? Math.min(now, created + 4 * DAY) : null;
    const [row] = await db
      .insert(sources)
      .values({
        huntId: huntIds.get(s.hunt)!,
        responderId,
        cardId,
        description,
        askingPriceCents: s.price,
        note: s.note,
        status: s.status,
        statusNote: s.statusNote ?? null,
        createdAt: new Date(created),
        updatedAt: new Date(finalAt ?? approvedAt ?? created),
        approvedAt: approvedAt ? new Date(approvedAt) : null,
        fulfilledAt: s.status === 'fulfilled' ? new Date(finalAt!) : null,
        closedAt: s.status === 'closed' ? new Date(finalAt!) : null,
      })
      .returning({ id: sources.id });
    const times = [created, approvedAt, finalAt].filter((x): x is number => x !== null);
    await db.insert(sourceEvents).values(
      path(s.status, approved).map(([from, to], k) => ({
        sourceId: row!.id,
        fromStatus: from,
        toStatus: to,
        note: to === s.status && k > 0 ? (s.statusNote ?? null) : null,
        actorId: k === 0 || s.statusNote === 'Withdrawn by the member' ? responderId : admin,
        at: new Date(times[Math.min(k, times.length - 1)]!),
      })),
    );
  }

  // Board views: the three members on most days of the last two months.
  const views: (typeof huntBoardViews.$inferInsert)[] = [];
  for (let d = 0; d < 60; d++) {
    const day = new Date(now - d * DAY).toISOString().slice(0, 10);
    for (const [k, phone] of [CASEY, JORDAN, MORGAN].entries()) if ((d * 7 + k * 3) % 5 !== 0) views.push({ day, userId: idOf.get(phone)! });
  }
  await db.insert(huntBoardViews).values(views).onConflictDoNothing();
}
