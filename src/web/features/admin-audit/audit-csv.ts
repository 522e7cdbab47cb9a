import Papa from 'papaparse';
import type { AuditEntry } from '#common/audit.ts';

const who = (p: AuditEntry['actor']) => (p ? (p.name ?? p.phone) : '');

/** The audit entries as CSV (one row each; data as JSON), safe against formula injection in spreadsheets. */
export function auditCsv(entries: AuditEntry[]): string {
  return Papa.unparse(
    {
      fields: ['time', 'action', 'actor', 'actor_id', 'impersonator', 'impersonator_id', 'target_type', 'target_id', 'ip', 'data'],
      data: entries.map((e) => [
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
    },
    // Formulas are defused; phone numbers (+1…) and negative numbers are left as they are.
    { escapeFormulae: /^[=@\t\r]|^[+-](?!\d)/ },
  );
}

/** Hands the browser a file to save. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
