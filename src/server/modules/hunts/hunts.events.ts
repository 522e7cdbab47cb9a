import { huntStatusLabels, type HuntStatus } from '#common/hunts.ts';
import type { EventsContext } from '#server/lib/transition.ts';

type Log = { warn: (o: object, m: string) => void };
export interface HuntAnnounced {
  id: string;
  requesterId: string;
  status: HuntStatus;
  player: string;
  year: number | null;
  approvedAt: Date | null;
}

const what = (h: HuntAnnounced) => [h.year, h.player].filter(Boolean).join(' ');

/**
 * hunt_updated to the requester (their toast and My hunts), to admins (with the change in words),
 * and, once the hunt has been on the board, to every member without a userId (a refresh, no toast;
 * it names neither the requester nor the budget). A pending hunt is the requester's and the
 * admins' business only. Runs after commit; a failed delivery is logged.
 */
export async function huntUpdated(ctx: EventsContext, hunt: HuntAnnounced, opts: { toRequester?: boolean } = {}) {
  const base = {
    type: 'hunt_updated' as const,
    huntId: hunt.id,
    status: hunt.status,
    playerName: hunt.player,
    ...(hunt.year ? { year: hunt.year } : {}),
  };
  const log: Log | undefined = ctx.log;
  try {
    if (opts.toRequester !== false) await ctx.live.publish({ kind: 'user', userId: hunt.requesterId }, { ...base, userId: hunt.requesterId });
    await ctx.live.publish(
      { kind: 'admins' },
      { ...base, userId: hunt.requesterId, message: `Hunt for ${what(hunt)}: ${huntStatusLabels[hunt.status].toLowerCase()}.` },
    );
    if (hunt.approvedAt) await ctx.live.publish({ kind: 'members' }, base);
  } catch (err) {
    log?.warn({ err: { message: (err as Error).message } }, 'hunt_updated not delivered');
  }
}
