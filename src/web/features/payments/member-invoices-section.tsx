import { Link } from 'wouter';
import { formatDate } from '#web/lib/dates.ts';
import { invoiceStatusLabels, OVERDUE_LABEL } from '#common/invoice-values.ts';
import type { Invoice } from '#common/money.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Money } from '#web/components/money.tsx';
import { StatusBadge, type StatusMap } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useMyInvoices } from './api/get-my-invoices.ts';
import { refundedText } from './refunded.ts';

type Shown = 'open' | 'overdue' | 'processing' | 'paid' | 'void';
const styles: StatusMap<Shown> = {
  open: { label: 'Due', tone: 'warning' },
  processing: { label: 'Processing', tone: 'neutral' },
  overdue: { label: OVERDUE_LABEL, tone: 'destructive' },
  paid: { label: invoiceStatusLabels.paid, tone: 'success' },
  void: { label: 'Cancelled', tone: 'neutral' },
};
const shown = (i: Invoice): Shown =>
  i.status === 'paid' ? 'paid' : i.status === 'void' ? 'void' : i.processing ? 'processing' : i.overdue ? 'overdue' : 'open';
const rank: Record<Shown, number> = { overdue: 0, open: 1, processing: 2, paid: 3, void: 4 };

/** The member's invoices on the dashboard: open ones first, each with Pay. */
export function MemberInvoicesSection() {
  const query = useMyInvoices();
  // Due dates are ISO days, so plain comparison orders them; localeCompare would build a collator
  // on first use (about 45 ms at 4x CPU, on the dashboard).
  const invoices = [...(query.data?.invoices ?? [])].sort(
    (a, b) => rank[shown(a)] - rank[shown(b)] || (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0),
  );
  return (
    <section aria-labelledby="invoices-heading" className="grid gap-4">
      <h2 id="invoices-heading" className="text-sm font-medium uppercase tracking-[0.14em] text-muted-foreground">
        Invoices
      </h2>
      {query.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading your invoices
          </span>
          <Skeleton className="h-16 w-full rounded-xl" />
          <Skeleton className="h-16 w-full rounded-xl" />
        </div>
      ) : query.isError ? (
        <LoadError title="We couldn't load your invoices." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : invoices.length === 0 ? (
        <EmptyState title="No invoices" description="Fees for loans, sales and listings appear here when they are billed." />
      ) : (
        <ul className="grid gap-2">
          {invoices.map((i) => {
            const s = shown(i);
            const payable = s === 'open' || s === 'overdue';
            return (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4" data-testid="member-invoice">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {i.number} <StatusBadge status={s} map={styles} />
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {i.lines[0]?.label ?? 'Invoice'}
                    {i.lines.length > 1 ? ` and ${i.lines.length - 1} more` : ''} ·{' '}
                    {payable ? `due ${formatDate(i.dueDate)}` : i.paidAt ? `paid ${formatDate(i.paidAt)}` : formatDate(i.dueDate)}
                  </p>
                  {i.refundedCents > 0 && (
                    <p className="text-sm font-medium text-muted-foreground" data-testid="member-invoice-refunded">
                      {refundedText(i)}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-3">
                  <Money cents={i.totalCents} className="font-semibold" />
                  {payable ? (
                    <Button asChild size="sm">
                      <Link href={`/checkout?invoice=${encodeURIComponent(i.id)}`} aria-label={`Pay ${i.number}`}>
                        Pay
                      </Link>
                    </Button>
                  ) : (
                    <Button asChild size="sm" variant="outline">
                      <Link href={`/checkout?invoice=${encodeURIComponent(i.id)}`} aria-label={`View ${i.number}`}>
                        View
                      </Link>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
