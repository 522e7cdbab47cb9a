import { eq } from 'drizzle-orm';
import type { SourceStatus } from '#common/hunts.ts';
import { hunts } from '#server/db/schema/hunts.ts';
import type { EventsContext } from '#server/lib/transition.ts';

export interface SourceAnnounced {
  id: string;
  huntId: string;
  responderId: string;
  status: SourceStatus;
  approvedAt: Date | null;
}

const words: Record<SourceStatus, string> = {
  pending: 'is waiting for review',
  active: 'has been approved: our team will put you in touch',
  fulfilled: 'has been fulfilled',
  closed: 'has been closed',
};

/**
 * source_status_changed to the responder (their toast: approved, closed, fulfilled), and
 * source_updated to admins and, only once an admin has approved the offer, to the hunt's
 * requester (described in words; the responder stays unnamed in the event). Runs after commit.
 */
export async function sourceUpdated(ctx: EventsContext, source: SourceAnnounced) {
  try {
    const [hunt] = await ctx.db
      .select({ requesterId: hunts.requesterId, player: hunts.player, year: hunts.year })
      .from(hunts)
      .where(eq(hunts.id, source.huntId))
      .limit(1);
    if (!hunt) return;
    const base = {
      userId: source.responderId,
      sourceId: source.id,
      huntId: source.huntId,
      status: source.status,
      playerName: hunt.player,
      ...(hunt.year ? { year: hunt.year } : {}),
    };
    const what = [hunt.year, hunt.player].filter(Boolean).join(' ');
    if (source.status !== 'pending') await ctx.live.publish({ kind: 'user', userId: source.responderId }, { type: 'source_status_changed', ...base });
    await ctx.live.publish({ kind: 'admins' }, { type: 'source_updated', ...base, message: `An offer for ${what} ${words[source.status]}.` });
    if (source.approvedAt && hunt.requesterId !== source.responderId)
      await ctx.live.publish(
        { kind: 'user', userId: hunt.requesterId },
        { type: 'source_updated', ...base, message: `An offer on your hunt for ${what} ${words[source.status]}.` },
      );
  } catch (err) {
    ctx.log?.warn({ err: { message: (err as Error).message } }, 'source_updated not delivered');
  }
}
