import { intakeTransitions, outtakeTransitions, vaultMessages, type IntakeStatus, type OuttakeStatus } from '#common/vault.ts';
import { vaultIntakeEvents, vaultIntakes, vaultOuttakeEvents, vaultOuttakes } from '#server/db/schema/vault.ts';
import { AppError, notFound } from '#server/errors.ts';
import { historyIn, type Aggregate } from '#server/lib/transition.ts';
import { outtakeMoved } from './vault.notifications.ts';

export type IntakeRow = typeof vaultIntakes.$inferSelect;
export type OuttakeRow = typeof vaultOuttakes.$inferSelect;

export const recordIntakeHistory = historyIn(vaultIntakeEvents, 'intakeId');
export const recordOuttakeHistory = historyIn(vaultOuttakeEvents, 'outtakeId');

/** Intake status changes (decision 136): history, audit. Receipt notifications go per card, from the service. */
export const intakeAggregate: Aggregate<IntakeStatus, IntakeRow> = {
  name: 'vault_intake',
  table: vaultIntakes,
  idColumn: vaultIntakes.id,
  statusColumn: vaultIntakes.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: intakeTransitions,
  recordHistory: recordIntakeHistory,
  conflict: (current) => new AppError('conflict', vaultMessages.intakeStale(current)),
  notFound: () => notFound(vaultMessages.intakeNotFound),
};

/** Outtake status changes: history, audit, and the member's notice of shipment and delivery. */
export const outtakeAggregate: Aggregate<OuttakeStatus, OuttakeRow> = {
  name: 'vault_outtake',
  table: vaultOuttakes,
  idColumn: vaultOuttakes.id,
  statusColumn: vaultOuttakes.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: outtakeTransitions,
  recordHistory: recordOuttakeHistory,
  conflict: (current) => new AppError('conflict', vaultMessages.outtakeStale(current)),
  notFound: () => notFound(vaultMessages.outtakeNotFound),
  notify: (uow, row, now) => outtakeMoved(uow, row, now),
};
