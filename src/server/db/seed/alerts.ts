import { and, count, eq } from 'drizzle-orm';
import { savedSearchSchema } from '#common/alerts.ts';
import { formatCents } from '#common/format.ts';
import { constituentName, dayOf } from '#common/market-index.ts';
import type { Db } from '#server/db/client.ts';
import { priceAlertEvents, priceAlertFirings, priceAlerts } from '#server/db/schema/alerts.ts';
import { indexConstituents } from '#server/db/schema/market-index.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { users } from '#server/db/schema/users.ts';
import { indexPricesOn } from '#server/modules/market-index/index.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Thresholds in round hundreds of dollars, as a member types them. */
const hundreds = (cents: number, up: boolean) => (up ? Math.ceil(cents / 10_000) : Math.floor(cents / 10_000)) * 10_000;

async function constituentBy(db: Db, player: string, year: number) {
  const [c] = await db
    .select()
    .from(indexConstituents)
    .where(and(eq(indexConstituents.player, player), eq(indexConstituents.year, year)))
    .limit(1);
  return c ?? null;
}

/**
 * The demo member's watchlist (decision 147), on the demo index: Jordan's rookie watched both ways
 * and waiting, Curry's refractor fired when it rose past the member's line (with its notification
 * in the bell), and a saved search for graded basketball cards. Only for a member with no alerts.
 */
export async function seedDemoAlerts(db: Db, { memberPhone, now }: { memberPhone: string; now: Date }) {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.phone, memberPhone)).limit(1);
  if (!member) return;
  const [{ n }] = await db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, member.id));
  if (Number(n) > 0) return;
  const [jordan, curry] = [await constituentBy(db, 'Michael Jordan', 1986), await constituentBy(db, 'Stephen Curry', 2009)];
  if (!jordan || !curry) return;
  const prices = await indexPricesOn({ db }, { constituentIds: [jordan.id, curry.id], day: dayOf(now) });
  const jordanPrice = prices.get(jordan.id);
  const curryPrice = prices.get(curry.id);
  if (!jordanPrice || !curryPrice) return;

  await db.transaction(async (tx) => {
    // Waiting: a band around today's price.
    const watchedAt = new Date(now.getTime() - 12 * DAY);
    const [armed] = await tx
      .insert(priceAlerts)
      .values({
        userId: member.id,
        kind: 'constituent',
        constituentId: jordan.id,
        aboveCents: hundreds(jordanPrice.priceCents * 1.12, true),
        belowCents: hundreds(jordanPrice.priceCents * 0.88, false),
        newListings: true,
        createdAt: watchedAt,
        updatedAt: watchedAt,
      })
      .returning();
    await tx.insert(priceAlertEvents).values({ alertId: armed.id, fromStatus: null, toStatus: 'armed', actorId: member.id, at: watchedAt });

    // Fired: the prices imported this morning carried the last sale past the member's line (it has not come back since).
    const saleAt = new Date(`${curryPrice.observedOn}T12:00:00Z`);
    const firedAt = new Date(now.getTime() - 5 * HOUR);
    const setAt = new Date(Math.min(saleAt.getTime() - 3 * DAY, firedAt.getTime() - 20 * DAY));
    const above = hundreds(curryPrice.priceCents * 0.96, false);
    const [fired] = await tx
      .insert(priceAlerts)
      .values({
        userId: member.id,
        kind: 'constituent',
        constituentId: curry.id,
        aboveCents: above,
        status: 'fired',
        firedSide: 'above',
        createdAt: setAt,
        updatedAt: firedAt,
      })
      .returning();
    await tx.insert(priceAlertEvents).values([
      { alertId: fired.id, fromStatus: null, toStatus: 'armed', actorId: member.id, at: setAt },
      {
        alertId: fired.id,
        fromStatus: 'armed',
        toStatus: 'fired',
        note: `Crossed above at ${formatCents(curryPrice.priceCents)}`,
        actorId: null,
        at: firedAt,
      },
    ]);
    await tx.insert(priceAlertFirings).values({ alertId: fired.id, reason: 'above', priceCents: curryPrice.priceCents, at: firedAt });
    await tx.insert(notifications).values({
      userId: member.id,
      kind: 'price_alert',
      title: 'Price alert',
      message: `${constituentName(curry)} rose to ${formatCents(curryPrice.priceCents)}, above your ${formatCents(above)}`,
      link: `/WonderShyneIndex/${curry.id}`,
      variant: 'default',
      createdAt: firedAt,
    });

    // A saved gallery search.
    const searchAt = new Date(now.getTime() - 6 * DAY);
    const [search] = await tx
      .insert(priceAlerts)
      .values({
        userId: member.id,
        kind: 'search',
        query: savedSearchSchema.parse({ sport: 'basketball', grader: 'PSA', minGrade: 9 }),
        newListings: true,
        createdAt: searchAt,
        updatedAt: searchAt,
      })
      .returning();
    await tx.insert(priceAlertEvents).values({ alertId: search.id, fromStatus: null, toStatus: 'armed', actorId: member.id, at: searchAt });
  });
}
