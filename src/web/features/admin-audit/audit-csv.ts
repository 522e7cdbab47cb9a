import { toCsv } from '#common/csv.ts';
import type { AuditEntry } from '#common/audit.ts';

const who = (p: AuditEntry['actor']) => (p ? (p.name ?? p.phone) : '');

/** The audit entries as CSV (one row each; data as JSON), through the shared writer that defuses formulas. */
export function auditCsv(entries: AuditEntry[]): string {
  return toCsv(
    ['time', 'action', 'actor', 'actor_id', 'impersonator', 'impersonator_id', 'target_type', 'target_id', 'ip', 'data'],
    entries.map((e) => [
      e.createdAt,
      e.action,
      who(e.actor),
      e.actorId ?? '',
      who(e.impersonator),
      e.impersonatorId ?? '',
      e.targetType ?? '',
      e.targetId ?? '',
      e.ip ?? '',
      e.data ? JSON.stringify(e.data) : '',
    ]),
  );
}
