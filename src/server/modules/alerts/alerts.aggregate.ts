import { alertMessages, alertTransitions, type AlertStatus } from '#common/alerts.ts';
import type { Db } from '#server/db/client.ts';
import { priceAlertEvents, priceAlerts } from '#server/db/schema/alerts.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { Aggregate } from '#server/lib/transition.ts';

export type AlertRow = typeof priceAlerts.$inferSelect;

/** Alert status changes through the shared building block (decision 136): history and audit in one transaction. */
export const alertAggregate: Aggregate<AlertStatus, AlertRow> = {
  name: 'price_alert',
  table: priceAlerts,
  idColumn: priceAlerts.id,
  statusColumn: priceAlerts.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: alertTransitions,
  recordHistory: async (tx, e) => {
    const note = typeof e.data?.note === 'string' ? e.data.note : null;
    await tx.insert(priceAlertEvents).values({ alertId: e.id, fromStatus: e.from, toStatus: e.to, note, actorId: e.actorId, at: e.at });
  },
  // Firing and re-arming are the system's bookkeeping, told to the member by notification; removal is audited by the service.
  audited: false,
  conflict: (current, expected) => new AppError('conflict', alertMessages.stale(current, expected)),
  notFound: () => notFound(alertMessages.notFound),
};

/** The first history row of a new alert. */
export async function recordAlertCreated(tx: Db, e: { id: string; actorId: string; at: Date }) {
  await tx.insert(priceAlertEvents).values({ alertId: e.id, fromStatus: null, toStatus: 'armed', note: null, actorId: e.actorId, at: e.at });
}
