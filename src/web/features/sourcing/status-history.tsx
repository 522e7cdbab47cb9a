import { formatDate } from '#web/lib/dates.ts';
import type { HistoryEntry } from '#common/hunts.ts';

/** A record's status changes, oldest first, with the note given. */
export function StatusHistory({
  history,
  labels,
}: {
  history: readonly HistoryEntry[] | readonly { from: string | null; to: string; note: string | null; at: string }[];
  labels: Record<string, string>;
}) {
  return (
    <ol className="grid gap-1 border-l pl-3 text-xs text-muted-foreground" aria-label="Status history">
      {history.map((e, i) => (
        <li key={i}>
          <span className="font-medium text-foreground">{labels[e.to] ?? e.to}</span> · {formatDate(e.at)}
          {e.note && <span> · {e.note}</span>}
        </li>
      ))}
    </ol>
  );
}
