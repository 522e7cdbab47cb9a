import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { RefreshCw } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { reconciliationMismatchLabels, type Reconciliation } from '#common/ledger.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { serverFieldErrors } from '#web/lib/server-field-errors.ts';
import { formatDate } from '#web/lib/dates.ts';
import { useReconcileDay, useReconciliations } from './api/reconciliations.ts';

const DAY = 86_400_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

const statusBadge: Record<Reconciliation['status'], { label: string; variant: 'success' | 'warning' | 'destructive' }> = {
  matched: { label: 'Matched', variant: 'success' },
  mismatched: { label: 'Differences', variant: 'warning' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function Mismatches({ run }: { run: Reconciliation }) {
  if (run.error) return <p className="text-sm text-destructive">{run.error}</p>;
  const moved = run.ledgerPaymentsCents || run.ledgerRefundsCents || run.providerPaymentsCents || run.providerRefundsCents;
  if (!run.mismatches.length && !moved) return <p className="text-sm text-muted-foreground">Nothing moved that day</p>;
  if (!run.mismatches.length) {
    return (
      <p className="text-sm text-muted-foreground">
        {run.matchedCount} matched by reference{run.pairedByAmountCount ? `, ${run.pairedByAmountCount} paired by amount` : ''}
      </p>
    );
  }
  return (
    <ul className="grid gap-1 text-sm" aria-label={`Differences on ${formatDate(run.day)}`}>
      {run.mismatches.map((m, i) => (
        <li key={i} className="grid gap-0.5">
          <span>
            {reconciliationMismatchLabels[m.kind]} ({m.flow === 'payment' ? 'payment' : 'refund'}): ledger{' '}
            <span className="tabular">{formatCents(m.ledgerCents)}</span>, provider <span className="tabular">{formatCents(m.providerCents)}</span>
          </span>
          <span className="font-mono text-xs break-all text-muted-foreground">
            {m.reference}
            {m.invoiceId && (
              <>
                {' · '}
                <a className="underline underline-offset-4" href={`/admin/edit-invoice/${encodeURIComponent(m.invoiceId)}`}>
                  invoice
                </a>
              </>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The reconciliation runs and the button to reconcile a day now (decision 138). */
export function ReconciliationSection() {
  const runs = useReconciliations();
  const reconcile = useReconcileDay();
  const today = utcDay(Date.now());
  // Checked as it is typed: the button waits for a day up to today.
  const form = useForm<{ day: string }>({ mode: 'onChange', defaultValues: { day: utcDay(Date.now() - DAY) } });
  const dayId = useId();
  const day = form.watch('day');
  const dayOk = /^\d{4}-\d{2}-\d{2}$/.test(day) && day <= today;
  const submit = form.handleSubmit((v) => {
    if (reconcile.isPending) return;
    reconcile.mutate(v.day, {
      onError: (err) => {
        const onDay = serverFieldErrors(err).day;
        if (onDay) form.setError('day', { message: onDay }, { shouldFocus: true });
      },
    });
  });

  const columns: Column<Reconciliation>[] = [
    {
      id: 'day',
      header: 'Day (UTC)',
      cell: (r) => (
        <div className="grid gap-1">
          <span className="whitespace-nowrap">{formatDate(r.day)}</span>
          <span className="text-xs text-muted-foreground">{r.ranBy ? 'Run by an admin' : 'Daily run'}</span>
        </div>
      ),
      card: 'primary',
    },
    {
      id: 'status',
      header: 'Result',
      cell: (r) => <Badge variant={statusBadge[r.status].variant}>{statusBadge[r.status].label}</Badge>,
      card: 'aside',
    },
    {
      id: 'in',
      header: 'Payments: ledger / provider',
      cell: (r) => (
        <span className="tabular whitespace-nowrap">
          {formatCents(r.ledgerPaymentsCents)} / {formatCents(r.providerPaymentsCents)}
        </span>
      ),
      card: 'field',
    },
    {
      id: 'out',
      header: 'Refunds: ledger / provider',
      cell: (r) => (
        <span className="tabular whitespace-nowrap">
          {formatCents(r.ledgerRefundsCents)} / {formatCents(r.providerRefundsCents)}
        </span>
      ),
      card: 'field',
    },
    { id: 'detail', header: 'Detail', cell: (r) => <Mismatches run={r} />, className: 'whitespace-normal', card: 'wide' },
  ];

  return (
    <section aria-labelledby="recon-title" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h2 id="recon-title" className="text-lg font-semibold">
          Reconciliation
        </h2>
        <p className="text-sm text-muted-foreground">
          The provider clearing account against the payment provider's own payments and refunds, one UTC day at a time. A daily run checks yesterday
          at 00:15 UTC.
        </p>
      </div>
      <form className="flex flex-wrap items-end gap-3" noValidate onSubmit={submit}>
        <FormField control={form.control} name="day" label="Day" id={dayId} className="gap-1.5">
          <Input
            type="date"
            max={today}
            className="w-44"
            {...form.register('day', { validate: (d) => (/^\d{4}-\d{2}-\d{2}$/.test(d) && d <= today) || 'Choose a day up to today' })}
          />
        </FormField>
        <Button type="submit" disabled={!dayOk || reconcile.isPending}>
          <RefreshCw aria-hidden="true" className={reconcile.isPending ? 'animate-spin' : undefined} />
          {reconcile.isPending ? 'Reconciling…' : 'Reconcile'}
        </Button>
        <div aria-live="polite" className="basis-full text-sm">
          {reconcile.isError && !form.formState.errors.day && (
            <p className="text-destructive">{errorMessage(reconcile.error, "We couldn't reconcile that day.")}</p>
          )}
          {reconcile.isSuccess && (
            <p>
              {formatDate(reconcile.data.day)}: {statusBadge[reconcile.data.status].label.toLowerCase()}
              {reconcile.data.mismatches.length ? ` (${reconcile.data.mismatches.length} to look at)` : ''}.
            </p>
          )}
        </div>
      </form>
      {runs.isPending ? (
        <ListLoading label="Loading the reconciliations" />
      ) : runs.isError ? (
        <ListError title="We couldn't load the reconciliations." error={runs.error} onRetry={() => void runs.refetch()} retrying={runs.isFetching} />
      ) : runs.data.length === 0 ? (
        <EmptyState title="No reconciliations yet" description="The daily run appears here after midnight UTC, or reconcile a day now." />
      ) : (
        <ResponsiveTable rows={runs.data} rowKey={(r) => r.id} columns={columns} rowTestId="reconciliation-row" cardTestId="reconciliation-card" />
      )}
    </section>
  );
}
