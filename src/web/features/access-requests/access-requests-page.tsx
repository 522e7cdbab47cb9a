import { useMemo, useState } from 'react';
import type { AccessRequestStatus } from '#common/access-request.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListCount, ListError, ListLoading, pageRange } from '#web/components/list-parts.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { cn } from '#web/lib/utils.ts';
import { useAdminAccessRequests } from './api/get-admin-access-requests.ts';
import { accessRequestColumns, type Pending } from './access-request-columns.tsx';
import { ReviewDialog } from './review-dialog.tsx';

type Filter = AccessRequestStatus | 'all';
const filters: { value: Filter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];
/** Pending is the default, so it is the one status that leaves `?status=` out of the URL. */
const DEFAULT_FILTER: Filter = 'pending';
const isFilter = (v: string | undefined): v is Filter => filters.some((f) => f.value === v);

export default function AccessRequestsPage() {
  const list = useListState(['status']);
  const { q, page } = list;
  const filter: Filter = isFilter(list.filters.status) ? list.filters.status : DEFAULT_FILTER;
  const chooseFilter = (f: Filter) => list.setFilter('status', f === DEFAULT_FILTER ? undefined : f);
  const [pending, setPending] = useState<Pending | null>(null);
  const columns = useMemo(() => accessRequestColumns(setPending), []);

  const query = useAdminAccessRequests({ status: filter === 'all' ? undefined : filter, q, page });
  const data = query.data;
  const total = data?.total ?? 0;
  const pageSize = data?.pageSize ?? 25;
  const counts = data?.counts;
  const countFor = (f: Filter) => (counts ? (f === 'all' ? counts.pending + counts.approved + counts.rejected : counts[f]) : undefined);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Access Requests"
        description="Everyone who asked to join. Approving lets the phone sign in and texts them how; rejecting sends nothing unless you choose."
      />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div role="group" aria-label="Status" className="inline-flex w-full rounded-lg bg-muted p-1 sm:w-auto">
          {filters.map((f) => {
            const n = countFor(f.value);
            return (
              <button
                key={f.value}
                type="button"
                aria-pressed={filter === f.value}
                onClick={() => chooseFilter(f.value)}
                className={cn(
                  'inline-flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors sm:flex-none',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  filter === f.value ? 'bg-background text-foreground shadow-sm' : 'hover:text-foreground',
                )}
              >
                {f.label}
                {n !== undefined && <span className="tabular text-xs text-muted-foreground">{n}</span>}
              </button>
            );
          })}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchInput
            label="Search by phone, Instagram or referral"
            placeholder="Phone, Instagram or referral"
            value={list.search}
            onChange={list.setSearch}
            className="w-full sm:w-80"
          />
          <ListCount
            className="shrink-0"
            loaded={!!data}
            updating={query.isFetching && !query.isPending}
            page={page}
            total={total}
            pageSize={pageSize}
            none="No requests"
          />
        </div>
      </div>

      {query.isPending ? (
        <ListLoading label="Loading access requests" />
      ) : query.isError ? (
        <ListError title="We couldn't load access requests." error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data && data.requests.length === 0 ? (
        <EmptyState
          title={q ? `No requests match “${q}”` : filter === 'pending' ? 'No requests waiting for review' : 'No requests here yet'}
          description={
            q ? 'Try the last digits of a phone number, an Instagram username or a name.' : 'New requests from the Get Access form appear here.'
          }
        />
      ) : data ? (
        <ResponsiveTable
          rows={data.requests}
          rowKey={(r) => r.id}
          columns={columns}
          rowTestId="access-request-row"
          cardTestId="access-request-card"
        />
      ) : null}

      <Pagination page={page} pages={pageRange(page, total, pageSize).pages} onPageChange={list.setPage} disabled={query.isFetching} />

      <ReviewDialog pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}
