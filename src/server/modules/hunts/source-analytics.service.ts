import { and, gte, lt } from 'drizzle-orm';
import { huntStatuses, sourceStatuses, type SourceAnalytics } from '#common/hunts.ts';
import type { AppContext, SignedInActor } from '#server/context.ts';
import { huntBoardViews, hunts, sources } from '#server/db/schema/hunts.ts';

const DAY_MS = 86_400_000;
export const ANALYTICS_DEFAULT_DAYS = 30;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
const hours = (a: Date, b: Date) => Math.round(((b.getTime() - a.getTime()) / 3_600_000) * 10) / 10;

/**
 * GET /api/admin/source-analytics: for hunts and sources created between `from` and `to`
 * (whole UTC days, the last 30 by default): counts per day and per current status, median hours
 * from posting to approval and to fulfilment, the fulfilment rate (fulfilled over hunts that were
 * approved and reached a final status), board views (members per day) and the most wanted players.
 */
export async function sourceAnalytics(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  _actor: SignedInActor,
  input: { from?: string; to?: string },
): Promise<SourceAnalytics> {
  const to = input.to ?? dayOf(ctx.clock.now());
  const from = input.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS));
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const [huntRows, sourceRows, views] = await Promise.all([
    ctx.db
      .select({
        status: hunts.status,
        player: hunts.player,
        createdAt: hunts.createdAt,
        approvedAt: hunts.approvedAt,
        fulfilledAt: hunts.fulfilledAt,
      })
      .from(hunts)
      .where(and(gte(hunts.createdAt, start), lt(hunts.createdAt, end))),
    ctx.db
      .select({ status: sources.status, createdAt: sources.createdAt })
      .from(sources)
      .where(and(gte(sources.createdAt, start), lt(sources.createdAt, end))),
    ctx.db
      .select({ day: huntBoardViews.day })
      .from(huntBoardViews)
      .where(and(gte(huntBoardViews.day, from), lt(huntBoardViews.day, dayOf(end)))),
  ]);

  const daily = new Map<string, { day: string; hunts: number; sources: number; boardViews: number }>();
  for (let t = start.getTime(); t < end.getTime(); t += DAY_MS)
    daily.set(dayOf(new Date(t)), { day: dayOf(new Date(t)), hunts: 0, sources: 0, boardViews: 0 });
  for (const h of huntRows) daily.get(dayOf(h.createdAt))!.hunts++;
  for (const s of sourceRows) daily.get(dayOf(s.createdAt))!.sources++;
  for (const v of views) daily.get(v.day)!.boardViews++;

  const huntsByStatus = Object.fromEntries(huntStatuses.map((s) => [s, 0])) as SourceAnalytics['huntsByStatus'];
  for (const h of huntRows) huntsByStatus[h.status]++;
  const sourcesByStatus = Object.fromEntries(sourceStatuses.map((s) => [s, 0])) as SourceAnalytics['sourcesByStatus'];
  for (const s of sourceRows) sourcesByStatus[s.status]++;

  const approved = huntRows.filter((h) => h.approvedAt);
  const fulfilled = huntRows.filter((h) => h.fulfilledAt);
  const decided = approved.filter((h) => h.status === 'fulfilled' || h.status === 'closed').length;

  const byPlayer = new Map<string, number>();
  for (const h of huntRows) byPlayer.set(h.player, (byPlayer.get(h.player) ?? 0) + 1);
  const topPlayers = [...byPlayer]
    .map(([player, n]) => ({ player, hunts: n }))
    .sort((a, b) => b.hunts - a.hunts || a.player.localeCompare(b.player))
    .slice(0, 10);

  return {
    from,
    to,
    daily: [...daily.values()],
    huntsByStatus,
    sourcesByStatus,
    medianHoursToApproval: median(approved.map((h) => hours(h.createdAt, h.approvedAt!))),
    medianHoursToFulfilment: median(fulfilled.map((h) => hours(h.createdAt, h.fulfilledAt!))),
    fulfilmentRate: decided === 0 ? null : fulfilled.length / decided,
    boardViews: views.length,
    topPlayers,
  };
}
