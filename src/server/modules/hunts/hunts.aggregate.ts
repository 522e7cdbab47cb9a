import { huntMessages, huntTransitions, type HuntStatus } from '#common/hunts.ts';
import { huntEvents, hunts } from '#server/db/schema/hunts.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { Aggregate } from '#server/lib/transition.ts';
import { huntUpdated } from './hunts.events.ts';
import { huntMoved } from './hunts.notifications.ts';

export type HuntRow = typeof hunts.$inferSelect;

/** Hunt status changes through the shared building block (decision 011): history, audit, hunt_updated. */
export const huntAggregate: Aggregate<HuntStatus, HuntRow> = {
  name: 'hunt',
  table: hunts,
  idColumn: hunts.id,
  statusColumn: hunts.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: huntTransitions,
  recordHistory: async (tx, e) => {
    const note = typeof e.data?.note === 'string' ? e.data.note : null;
    await tx.insert(huntEvents).values({ huntId: e.id, fromStatus: e.from, toStatus: e.to, note, actorId: e.actorId, at: e.at });
  },
  conflict: (current, expected) => new AppError('conflict', huntMessages.stale(current, expected)),
  notFound: () => notFound(huntMessages.notFound),
  announce: (ctx, row) => huntUpdated(ctx, row),
  notify: (uow, row, now, move) => huntMoved(uow, row, now, move),
};

/** What moving to `to` stamps on a hunt or a source: both share the approved/fulfilled/closed times and the note. */
export function lifecycleStamp(to: string, now: Date, note: string | null) {
  const at = to === 'active' ? { approvedAt: now } : to === 'fulfilled' ? { fulfilledAt: now } : to === 'closed' ? { closedAt: now } : {};
  return { ...at, statusNote: note };
}

export const huntStamp = (to: HuntStatus, now: Date, note: string | null): Partial<HuntRow> => lifecycleStamp(to, now, note);
