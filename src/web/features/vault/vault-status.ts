import { intakeStatusLabels, outtakeStatusLabels, type Address, type IntakeStatus, type OuttakeStatus } from '#common/vault.ts';
import { statusMap } from '#web/components/status-badge.tsx';

export const intakeStatuses = statusMap<IntakeStatus>(intakeStatusLabels, {
  awaiting_arrival: 'warning',
  partially_received: 'warning',
  received: 'success',
  cancelled: 'muted',
});

export const outtakeStatuses = statusMap<OuttakeStatus>(outtakeStatusLabels, {
  awaiting_payment: 'warning',
  packing: 'neutral',
  shipped: 'neutral',
  delivered: 'success',
  cancelled: 'muted',
});

/** An address as lines, for an <address> block. */
export const addressLines = (a: Address) =>
  [a.name, a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`, a.country].filter((l): l is string => !!l && l.trim() !== '');
