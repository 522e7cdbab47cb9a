import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AlertTriangle, ArrowLeft, ChevronLeft, ChevronRight, MessageSquare, RotateCw, Send } from 'lucide-react';
import { SMS_BODY_MAX_LENGTH, type SmsMessage, type SmsThread, type SmsThreadSummary } from '#common/sms-convos.ts';
import { formatDate } from '#common/format.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { SEARCH_DEBOUNCE_MS } from '#web/hooks/use-list-state.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { useSendSms, useSmsThread, useSmsThreads } from './api/sms-threads.ts';
import { SearchInput } from '#web/components/ui/search-input.tsx';

export const SMS_CONVOS_PATH = '/admin/sms-convos';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/** "3:04 PM" today, "Jan 5, 2024" before. */
export function shortWhen(iso: string, now = new Date()) {
  const d = new Date(iso);
  return sameDay(d, now) ? timeFormat.format(d) : formatDate(d);
}
const fullWhen = (iso: string) => `${formatDate(iso)}, ${timeFormat.format(new Date(iso))}`;

const purposeLabels: Record<string, string> = {
  otp: 'Sign-in code',
  access_approved: 'Access approved',
  access_rejected: 'Access not approved',
  manual: 'Manual',
  opt_out: 'Opted out',
  opt_in: 'Opted back in',
};

function threadTitle(t: Pick<SmsThread, 'name' | 'instagram' | 'phone'>) {
  return t.name || (t.instagram ? `@${t.instagram}` : formatPhoneForDisplay(t.phone));
}

function ThreadList({
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
              {(t.name || t.instagram) && (
                <span className="tabular truncate text-xs text-muted-foreground">{formatPhoneForDisplay(t.phone)}</span>
              )}
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

function Bubble({ m }: { m: SmsMessage }) {
  const out = m.direction === 'outbound';
  const label = purposeLabels[m.purpose];
  const failed = m.status === 'failed';
  return (
    <li className={cn('flex flex-col gap-1', out ? 'items-end' : 'items-start')} data-testid="sms-message">
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-sm leading-relaxed sm:max-w-[70%]',
          out ? 'rounded-br-md bg-zinc-900 text-zinc-50' : 'rounded-bl-md bg-muted text-foreground',
          failed && 'bg-red-50 text-red-900 ring-1 ring-red-200',
        )}
      >
        {m.body || <em className="opacity-70">Empty message</em>}
      </div>
      <p className="flex flex-wrap items-center gap-x-1.5 px-1 text-[0.6875rem] text-muted-foreground">
        <time dateTime={m.createdAt} className="tabular">
          {fullWhen(m.createdAt)}
        </time>
        {label && <span>· {label}</span>}
        {out && m.sentBy?.name && <span>· {m.sentBy.name}</span>}
        {failed && (
          <span className="inline-flex items-center gap-1 font-medium text-destructive" title={m.error ?? undefined}>
            · <AlertTriangle className="size-3" aria-hidden="true" /> Not delivered
          </span>
        )}
      </p>
    </li>
  );
}

function Composer({ thread }: { thread: SmsThread }) {
  const [body, setBody] = useState('');
  const send = useSendSms(thread.phone);
  const id = useId();
  const trimmed = body.trim();

  const submit = async () => {
    if (!trimmed || send.isPending) return;
    try {
      const { message } = await send.mutateAsync(trimmed);
      if (message.status === 'failed') {
        toast({ variant: 'destructive', title: 'Message not delivered', description: 'The SMS provider refused it. It is kept in the thread.' });
      } else {
        setBody('');
      }
    } catch (err) {
      toast({ variant: 'destructive', title: 'Message not sent', description: errorMessage(err, 'Please try again.') });
    }
  };

  if (thread.optedOut) {
    return (
      <p className="flex items-start gap-2 border-t bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        This number replied STOP. It can be texted again after it replies START.
      </p>
    );
  }
  return (
    <form
      className="grid gap-2 border-t p-3 sm:p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        Message to {threadTitle(thread)}
      </label>
      <Textarea
        id={id}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            void submit();
          }
        }}
        maxLength={SMS_BODY_MAX_LENGTH}
        placeholder="Write a text message"
        className="min-h-20 resize-none"
      />
      <div className="flex items-center justify-between gap-3">
        <span className="tabular text-xs text-muted-foreground">
          {body.length}/{SMS_BODY_MAX_LENGTH}
        </span>
        <Button type="submit" size="sm" disabled={!trimmed || send.isPending}>
          {send.isPending ? <Spinner size="sm" label="Sending" /> : <Send aria-hidden="true" />}
          Send SMS
        </Button>
      </div>
    </form>
  );
}

function Conversation({ phone, onBack }: { phone: string; onBack: () => void }) {
  const thread = useSmsThread(phone);
  const data = thread.data;
  const endRef = useRef<HTMLDivElement>(null);
  const count = data?.messages.length ?? 0;
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [count, phone]);

  return (
    <section aria-label="Conversation" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b px-3 py-3 sm:px-4">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label="Back to conversations">
          <ArrowLeft aria-hidden="true" />
        </Button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-medium">{data ? threadTitle(data) : formatPhoneForDisplay(phone)}</h2>
          <p className="tabular truncate text-xs text-muted-foreground">
            {formatPhoneForDisplay(phone)}
            {data?.instagram && data.name ? ` · @${data.instagram}` : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
          {data?.userId ? <Badge variant="outline">Member</Badge> : data ? <Badge variant="secondary">Not a member</Badge> : null}
          {data?.optedOut && <Badge variant="warning">Opted out</Badge>}
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-5">
        {thread.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-12 w-1/2" />
            <Skeleton className="h-12 w-3/5" />
          </div>
        ) : thread.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm">
            <p className="font-medium">We couldn't load this conversation.</p>
            <p className="text-muted-foreground">{errorMessage(thread.error, 'Please try again.')}</p>
            <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        ) : data && data.messages.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No messages yet.</p>
        ) : (
          <ol className="grid gap-4" aria-label="Messages">
            {data?.messages.map((m) => <Bubble key={m.id} m={m} />)}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      {data && <Composer key={data.phone} thread={data} />}
    </section>
  );
}

export default function SmsConvosPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const selected = new URLSearchParams(search).get('phone');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [prevQ, setPrevQ] = useState(q);
  if (q !== prevQ) {
    setPrevQ(q);
    setPage(1);
  }
  const list = useSmsThreads({ q, page });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const select = (phone: string | null) =>
    navigate(phone ? `${SMS_CONVOS_PATH}?phone=${encodeURIComponent(phone)}` : SMS_CONVOS_PATH);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="SMS Convos"
        description="Every text in and out, one thread per phone. Sign-in codes are stored masked."
      />

      <div className="flex h-[calc(100dvh-14rem)] min-h-[28rem] overflow-hidden rounded-xl border bg-card">
        <aside
          className={cn('flex w-full min-w-0 flex-col border-r md:w-80 md:shrink-0', selected ? 'hidden md:flex' : 'flex')}
          aria-label="Threads"
        >
          <div className="border-b p-3">
            <SearchInput label="Search by name or phone" placeholder="Search name or phone" value={text} onChange={setText} />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.isPending ? (
              <div className="grid gap-px" aria-busy="true">
                {Array.from({ length: 6 }, (_, i) => (
                  <Skeleton key={i} className="h-16 rounded-none" />
                ))}
              </div>
            ) : list.isError ? (
              <div role="alert" className="grid justify-items-start gap-3 p-4 text-sm">
                <p className="font-medium">We couldn't load conversations.</p>
                <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                  <RotateCw aria-hidden="true" />
                  Try again
                </Button>
              </div>
            ) : data && data.threads.length === 0 ? (
              <p className="px-4 py-10 text-center text-sm text-muted-foreground">
                {q ? `No conversations match “${q}”` : 'No messages yet.'}
              </p>
            ) : data ? (
              <ThreadList threads={data.threads} selected={selected} onSelect={select} />
            ) : null}
          </div>
          {pages > 1 && (
            <nav aria-label="Pagination" className="flex items-center justify-between gap-2 border-t p-2">
              <Button variant="ghost" size="sm" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
                <ChevronLeft aria-hidden="true" />
                Newer
              </Button>
              <span className="tabular text-xs text-muted-foreground">
                {page} / {pages}
              </span>
              <Button variant="ghost" size="sm" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages}>
                Older
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          )}
        </aside>
        <div className={cn('min-w-0 flex-1 flex-col', selected ? 'flex' : 'hidden md:flex')}>
          {selected ? (
            <Conversation key={selected} phone={selected} onBack={() => select(null)} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-sm text-muted-foreground">
              <MessageSquare className="size-6" aria-hidden="true" />
              Choose a conversation.
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
