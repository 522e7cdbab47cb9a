import { and, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { marketplaceMessages, SECURE_ANALYTICS_DEFAULT_DAYS, VIEW_SECONDS_MAX, type SecureAnalyticsResponse } from '#common/marketplace.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { listings, secureViews } from '#server/db/schema/marketplace.ts';
import { AppError, notFound } from '#server/errors.ts';
import { cardColumns, cardDirectory, live } from '#server/modules/cards/index.ts';
import { toListedCard } from './listings.service.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

type Ctx = Pick<AppContext, 'db' | 'clock'>;
const DAY = 86_400_000;

/**
 * POST /api/secure-view-analytics (spec §7): one view of a card's page. The viewer is the session's
 * user; the body's userId is ignored. The view is tied to the card's latest listing.
 */
export async function startView(ctx: Ctx, actor: SignedInActor, input: { cardId: string }): Promise<{ id: string }> {
  const [card] = await ctx.db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.id, input.cardId), live))
    .limit(1);
  if (!card) throw notFound('Card not found');
  const [listing] = await ctx.db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.cardId, card.id))
    .orderBy(desc(listings.createdAt))
    .limit(1);
  const [row] = await ctx.db
    .insert(secureViews)
    .values({ cardId: card.id, listingId: listing?.id ?? null, userId: actor.user.id, startedAt: ctx.clock.now() })
    .returning({ id: secureViews.id });
  return { id: row!.id };
}

/**
 * PATCH /api/secure-view-analytics/{id} (and its sendBeacon POST): the time spent, written once,
 * only by the viewer. A second update is refused (409) and changes nothing.
 */
export async function endView(ctx: Ctx, actor: SignedInActor, input: { id: string; timeSpentSeconds: number }): Promise<{ ok: true }> {
  const seconds = Math.min(VIEW_SECONDS_MAX, Math.max(1, Math.round(input.timeSpentSeconds)));
  const [updated] = await ctx.db
    .update(secureViews)
    .set({ timeSpentSeconds: seconds, endedAt: ctx.clock.now() })
    .where(and(eq(secureViews.id, input.id), eq(secureViews.userId, actor.user.id), isNull(secureViews.timeSpentSeconds)))
    .returning({ id: secureViews.id });
  if (updated) return { ok: true };
  const [exists] = await ctx.db
    .select({ id: secureViews.id })
    .from(secureViews)
    .where(and(eq(secureViews.id, input.id), eq(secureViews.userId, actor.user.id)))
    .limit(1);
  if (!exists) throw notFound(marketplaceMessages.viewNotFound);
  throw new AppError('conflict', marketplaceMessages.viewAlreadyUpdated);
}

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** GET /api/admin/secure-analytics?from&to: per card viewed, views, unique viewers, total and median seconds. */
export async function secureAnalytics(ctx: Ctx, _actor: SignedInActor, q: { from?: string; to?: string }): Promise<SecureAnalyticsResponse> {
  const now = ctx.clock.now();
  const to = q.to ?? ymd(now);
  const from = q.from ?? ymd(new Date(new Date(`${to}T00:00:00Z`).getTime() - (SECURE_ANALYTICS_DEFAULT_DAYS - 1) * DAY));
  const where = and(
    gte(secureViews.startedAt, new Date(`${from}T00:00:00Z`)),
    lt(secureViews.startedAt, new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY)),
  );
  const agg = {
    views: sql<number>`count(*)::int`,
    uniqueViewers: sql<number>`count(distinct ${secureViews.userId})::int`,
    totalSeconds: sql<number>`coalesce(sum(${secureViews.timeSpentSeconds}), 0)::int`,
    medianSeconds: sql<number | null>`percentile_cont(0.5) within group (order by ${secureViews.timeSpentSeconds})`,
  };
  const perCard = await ctx.db
    .select({
      cardId: secureViews.cardId,
      listingId: sql<string | null>`(array_agg(${secureViews.listingId} order by ${secureViews.startedAt} desc))[1]`,
      ...agg,
    })
    .from(secureViews)
    .where(where)
    .groupBy(secureViews.cardId)
    .orderBy(sql`count(*) desc`, secureViews.cardId)
    .limit(500);
  const [totals] = await ctx.db.select(agg).from(secureViews).where(where);
  const day = sql<string>`to_char(${secureViews.startedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const daily = await ctx.db
    .select({ date: day, views: agg.views, uniqueViewers: agg.uniqueViewers })
    .from(secureViews)
    .where(where)
    .groupBy(day)
    .orderBy(day);
  const cardRows = perCard.length
    ? await ctx.db
        .select(cardColumns)
        .from(cards)
        .where(
          inArray(
            cards.id,
            perCard.map((p) => p.cardId),
          ),
        )
    : [];
  const byId = new Map(cardRows.map((c) => [c.id, c]));
  const median = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
  return {
    from,
    to,
    totals: {
      views: Number(totals?.views ?? 0),
      uniqueViewers: Number(totals?.uniqueViewers ?? 0),
      totalSeconds: Number(totals?.totalSeconds ?? 0),
      medianSeconds: median(totals?.medianSeconds),
    },
    daily: daily.map((d) => ({ date: d.date, views: Number(d.views), uniqueViewers: Number(d.uniqueViewers) })),
    listings: perCard
      .filter((p) => byId.has(p.cardId))
      .map((p) => ({
        cardId: p.cardId,
        listingId: p.listingId,
        card: toListedCard(byId.get(p.cardId)!),
        views: Number(p.views),
        uniqueViewers: Number(p.uniqueViewers),
        totalSeconds: Number(p.totalSeconds),
        medianSeconds: median(p.medianSeconds),
      })),
  };
}
