import type { SmsThreadSummary } from '#common/sms-convos.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { cn } from '#web/lib/utils.ts';
import { shortWhen, threadTitle } from './sms-format.ts';

/** One row per phone, newest first, with the last message. */
export function ThreadList({
  threads,
  selected,
  onSelect,
}: {
  threads: SmsThreadSummary[];
  selected: string | null;
  onSelect: (phone: string) => void;
}) {
  return (
    <ul className="divide-y" aria-label="Conversations">
      {threads.map((t) => {
        const active = t.phone === selected;
        const last = t.lastMessage;
        return (
          <li key={t.phone}>
            <button
              type="button"
              onClick={() => onSelect(t.phone)}
              aria-current={active ? 'true' : undefined}
              data-testid="sms-thread"
              className={cn(
                'flex w-full flex-col gap-1 px-4 py-3.5 text-left transition-colors hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                active && 'bg-muted',
              )}
            >
              <span className="flex items-baseline justify-between gap-3">
                <span className="truncate text-sm font-medium">{threadTitle(t)}</span>
                <span className="tabular shrink-0 text-xs text-muted-foreground">{shortWhen(last.createdAt)}</span>
              </span>
              {(t.name || t.instagram) && <span className="tabular truncate text-xs text-muted-foreground">{formatPhoneForDisplay(t.phone)}</span>}
              <span className="line-clamp-1 text-sm text-muted-foreground">
                {last.direction === 'outbound' ? <span className="text-foreground/70">You: </span> : null}
                {last.body || <em>Empty message</em>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
