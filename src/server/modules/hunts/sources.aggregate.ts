import { huntMessages, sourceTransitions, type SourceStatus } from '#common/hunts.ts';
import { sourceEvents, sources } from '#server/db/schema/hunts.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { Aggregate } from '#server/lib/transition.ts';
import { lifecycleStamp } from './hunts.aggregate.ts';
import { sourceUpdated } from './sources.events.ts';
import { sourceMoved } from './sources.notifications.ts';

export type SourceRow = typeof sources.$inferSelect;

/** Source (supply offer) status changes: history, audit, source_updated / source_status_changed. */
export const sourceAggregate: Aggregate<SourceStatus, SourceRow> = {
  name: 'source',
  table: sources,
  idColumn: sources.id,
  statusColumn: sources.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: sourceTransitions,
  recordHistory: async (tx, e) => {
    const note = typeof e.data?.note === 'string' ? e.data.note : null;
    await tx.insert(sourceEvents).values({ sourceId: e.id, fromStatus: e.from, toStatus: e.to, note, actorId: e.actorId, at: e.at });
  },
  conflict: (current, expected) => new AppError('conflict', huntMessages.stale(current, expected)),
  notFound: () => notFound(huntMessages.sourceNotFound),
  announce: (ctx, row) => sourceUpdated(ctx, row),
  notify: (uow, row, now, move) => sourceMoved(uow, row, now, move),
};

export const sourceStamp = (to: SourceStatus, now: Date, note: string | null): Partial<SourceRow> => lifecycleStamp(to, now, note);
