import { useSearchParams } from 'wouter';
import { loanStatuses, loanStatusLabels, type Loan, type LoanStatus } from '#common/lending.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListCount, ListError, ListLoading, pageRange } from '#web/components/list-parts.tsx';
import { day } from '#web/components/loans/loan-parts.tsx';
import { loanStatusMap } from '#web/components/loans/loan-status.ts';
import { Money } from '#web/components/money.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { cn } from '#web/lib/utils.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useAdminLoans } from './api/get-admin-loans.ts';
import { LoanReview } from './loan-review.tsx';

const isStatus = (s: string | undefined): s is LoanStatus => !!s && (loanStatuses as readonly string[]).includes(s);

function StatusFilter({
  status,
  counts,
  onPick,
}: {
  status: LoanStatus | undefined;
  counts: Partial<Record<LoanStatus, number>> | undefined;
  onPick: (s: LoanStatus | undefined) => void;
}) {
  const total = counts ? Object.values(counts).reduce((a, b) => a + (b ?? 0), 0) : undefined;
  const chip = (value: LoanStatus | undefined, label: string, n: number | undefined) => (
    <Button
      key={value ?? 'all'}
      size="sm"
      variant={status === value ? 'default' : 'outline'}
      aria-pressed={status === value}
      onClick={() => onPick(value)}
      data-testid="status-filter"
    >
      {label}
      {n !== undefined && <span className={cn('tabular rounded px-1 text-[0.7rem]', status === value ? 'bg-white/20' : 'bg-muted')}>{n}</span>}
    </Button>
  );
  return (
    <div className="flex flex-wrap gap-1.5" role="group" aria-label="Status">
      {chip(undefined, 'All', total)}
      {loanStatuses.map((s) => chip(s, loanStatusLabels[s], counts?.[s] ?? 0))}
    </div>
  );
}

function QueueItem({ loan, current, onPick }: { loan: Loan; current: boolean; onPick: () => void }) {
  return (
    <button
      type="button"
      onClick={onPick}
      aria-current={current}
      data-testid="loan-row"
      className={cn('grid w-full gap-1 rounded-lg border bg-card p-3 text-left text-sm hover:bg-accent', current && 'border-crimson')}
    >
      <span className="flex items-center justify-between gap-2">
        <span className="min-w-0 font-medium break-words">{loan.borrower.name ?? 'No name'}</span>
        <StatusBadge status={loan.status} map={loanStatusMap} />
      </span>
      <span className="text-xs text-muted-foreground">
        <Money cents={loan.offeredAmountCents ?? loan.amountRequestedCents} decimals={0} /> · {loan.collateralCount} card
        {loan.collateralCount === 1 ? '' : 's'} · {day(loan.createdAt)}
      </span>
      {(loan.ltvWarning || loan.nextPayment?.overdue) && (
        <span className="text-xs font-medium text-destructive">
          {[loan.ltvWarning && 'LTV above the cap', loan.nextPayment?.overdue && 'Payment overdue'].filter(Boolean).join(' · ')}
        </span>
      )}
    </button>
  );
}

/** /admin/loans (Loan Applications): the queue by status with counts, and the picked loan's review. */
export default function AdminLoansPage() {
  const list = useListState(['status']);
  const [params, setParams] = useSearchParams();
  const status = isStatus(list.filters.status) ? list.filters.status : undefined;
  const query = useAdminLoans({ status, q: list.q || undefined, page: list.page });
  const picked = params.get('loan');
  const pick = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('loan', id);
        return next;
      },
      { replace: true },
    );
  const loans = query.data?.loans ?? [];
  const current = loans.find((l) => l.id === picked)?.id ?? picked ?? loans[0]?.id;
  const range = query.data ? pageRange(query.data.page, query.data.total, query.data.pageSize) : null;

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Loan Applications"
        description="Review applications, make offers within the LTV cap, receive the collateral, fund, and follow repayment."
      />
      <div className="grid gap-3">
        <StatusFilter status={status} counts={query.data?.counts} onPick={(s) => list.setFilter('status', s)} />
        <SearchInput
          label="Search loans"
          placeholder="Search by member name or phone"
          value={list.search}
          onChange={list.setSearch}
          className="max-w-md"
        />
      </div>
      {query.isPending ? (
        <ListLoading label="Loading loan applications" />
      ) : query.isError ? (
        <ListError
          title="Loan applications could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : loans.length === 0 && !picked ? (
        <EmptyState
          title="No loans here"
          description={
            status ? `No ${loanStatusLabels[status].toLowerCase()} loans${list.q ? ' match the search' : ''}.` : 'No loan applications yet.'
          }
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <div className="grid content-start gap-2">
            <ListCount
              loaded
              page={query.data.page}
              total={query.data.total}
              pageSize={query.data.pageSize}
              updating={query.isFetching}
              none="No loans match."
            />
            <ul className="grid gap-2" aria-label="Queue">
              {loans.map((l) => (
                <li key={l.id}>
                  <QueueItem loan={l} current={current === l.id} onPick={() => pick(l.id)} />
                </li>
              ))}
            </ul>
            {range && range.pages > 1 && (
              <div className="flex gap-2">
                <Button size="sm" variant="outline" disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>
                  Previous
                </Button>
                <Button size="sm" variant="outline" disabled={list.page >= range.pages} onClick={() => list.setPage(list.page + 1)}>
                  Next
                </Button>
              </div>
            )}
          </div>
          {current && (
            <section className="min-w-0 rounded-xl border bg-card p-4 sm:p-5" aria-label="Loan review" data-testid="loan-review">
              <LoanReview key={current} loanId={current} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}
