import { useSearchParams } from 'wouter';
import { ChevronLeft, ChevronRight, MessageSquare, RotateCw } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { cn } from '#web/lib/utils.ts';
import { useSmsThreads } from './api/get-sms-threads.ts';
import { Conversation } from './sms-conversation.tsx';
import { ThreadList } from './sms-thread-list.tsx';

/**
 * /admin/sms-convos: threads beside the open conversation (one or the other below md). The search,
 * page and open thread (`?phone=`) are in the URL.
 */
export default function SmsConvosPage() {
  const state = useListState(['phone']);
  const { q, page, setPage } = state;
  const selected = state.filters.phone ?? null;
  const [, setParams] = useSearchParams();
  const list = useSmsThreads({ q, page });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  // Opening a thread is a history entry (Back returns to the list on a phone) and keeps the search and page.
  const select = (phone: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (phone) next.set('phone', phone);
      else next.delete('phone');
      return next;
    });

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader eyebrow="Admin" title="SMS Convos" description="Every text in and out, one thread per phone. Sign-in codes are stored masked." />

      <div className="flex h-[calc(100dvh-14rem)] min-h-[28rem] overflow-hidden rounded-xl border bg-card">
        <aside className={cn('flex w-full min-w-0 flex-col border-r md:w-80 md:shrink-0', selected ? 'hidden md:flex' : 'flex')} aria-label="Threads">
          <div className="border-b p-3">
            <SearchInput label="Search by name or phone" placeholder="Search name or phone" value={state.search} onChange={state.setSearch} />
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
              <p className="px-4 py-10 text-center text-sm text-muted-foreground">{q ? `No conversations match “${q}”` : 'No messages yet.'}</p>
            ) : data ? (
              <ThreadList threads={data.threads} selected={selected} onSelect={select} />
            ) : null}
          </div>
          {pages > 1 && (
            <nav aria-label="Pagination" className="flex items-center justify-between gap-2 border-t p-2">
              <Button variant="ghost" size="sm" onClick={() => setPage(Math.max(1, page - 1))} disabled={page <= 1}>
                <ChevronLeft aria-hidden="true" />
                Newer
              </Button>
              <span className="tabular text-xs text-muted-foreground">
                {page} / {pages}
              </span>
              <Button variant="ghost" size="sm" onClick={() => setPage(Math.min(pages, page + 1))} disabled={page >= pages}>
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
