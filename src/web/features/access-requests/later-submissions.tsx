import { formatDate } from '#web/lib/dates.ts';
import type { LaterSubmission } from '#common/access-request.ts';

/**
 * Repeats of a pending request never replace what was first sent (anyone can submit any phone);
 * the admin sees them here, folded away under one line.
 */
export function LaterSubmissions({ submissions, count }: { submissions: LaterSubmission[]; count: number }) {
  if (!count) return null;
  return (
    <details className="mt-1 text-xs text-muted-foreground">
      <summary className="cursor-pointer select-none">{count === 1 ? 'Sent again once' : `Sent again ${count} times`}</summary>
      <ul className="mt-1 grid gap-1 border-l pl-2">
        {submissions
          .slice()
          .reverse()
          .map((s) => (
            <li key={s.at} className="leading-snug">
              <span className="tabular">{formatDate(s.at)}</span>
              {s.instagram && <span className="block font-medium text-foreground">@{s.instagram}</span>}
              {s.referral && <span className="block break-words">{s.referral}</span>}
            </li>
          ))}
      </ul>
      {count > submissions.length && <p className="mt-1">Latest {submissions.length} shown</p>}
    </details>
  );
}
