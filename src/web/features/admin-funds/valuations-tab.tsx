import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents } from '#common/format.ts';
import { formatUnits, fundMessages, markSourceLabels, type AdminFundDetail, type FundValuation, type ValuationPreview } from '#common/funds.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { serverFieldErrors } from '#web/lib/server-field-errors.ts';
import { usePreviewValuation } from './api/preview-valuation.ts';
import { useRunValuation } from './api/run-valuation.ts';
import { dayText, todayUtc } from './labels.ts';

const columns: Column<FundValuation>[] = [
  { id: 'date', header: 'Date', card: 'primary', className: 'whitespace-nowrap font-medium', cell: (v) => dayText(v.valuedOn) },
  {
    id: 'navUnit',
    header: 'NAV per unit',
    card: 'aside',
    headerClassName: 'text-right',
    className: 'text-right',
    cell: (v) => <Money cents={v.navPerUnitCents} className="font-medium" />,
  },
  {
    id: 'holdings',
    header: 'Holdings',
    headerClassName: 'text-right',
    className: 'text-right',
    cell: (v) => <Money cents={v.holdingsValueCents} decimals={0} />,
  },
  { id: 'cash', header: 'Cash', headerClassName: 'text-right', className: 'text-right', cell: (v) => <Money cents={v.cashCents} decimals={0} /> },
  { id: 'fee', header: 'Fee', headerClassName: 'text-right', className: 'text-right', cell: (v) => <Money cents={v.feeCents} /> },
  { id: 'nav', header: 'NAV', headerClassName: 'text-right', className: 'text-right', cell: (v) => <Money cents={v.navCents} decimals={0} /> },
  { id: 'units', header: 'Units after', headerClassName: 'text-right', className: 'tabular text-right', cell: (v) => formatUnits(v.unitsAfterMicro) },
  {
    id: 'dealt',
    header: 'Dealt',
    card: 'wide',
    cell: (v) =>
      v.dealtCount === 0 ? (
        <span className="text-muted-foreground">—</span>
      ) : (
        <span className="tabular">
          {v.dealtCount} · in {formatCents(v.subscriptionsCents, 0)}, out {formatCents(v.redemptionsCents, 0)}
        </span>
      ),
  },
];

function PreviewSummary({ preview }: { preview: ValuationPreview }) {
  return (
    <div className="grid gap-4 rounded-xl border bg-muted/30 p-4" data-testid="valuation-preview">
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-muted-foreground">Holdings</dt>
          <dd className="tabular font-medium">{formatCents(preview.holdingsValueCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Cash</dt>
          <dd className="tabular font-medium">{formatCents(preview.cashCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Fee accrued</dt>
          <dd className="tabular font-medium">−{formatCents(preview.feeCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">NAV</dt>
          <dd className="tabular font-medium">{formatCents(preview.navCents)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">NAV per unit</dt>
          <dd className="tabular text-lg font-semibold" data-testid="preview-nav-per-unit">
            {formatCents(preview.navPerUnitCents)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Units now</dt>
          <dd className="tabular">{formatUnits(preview.unitsMicro)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Units after dealing</dt>
          <dd className="tabular">{formatUnits(preview.unitsAfterMicro)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Cash after dealing</dt>
          <dd className="tabular">{formatCents(preview.cashAfterCents)}</dd>
        </div>
      </dl>
      {preview.deals.length > 0 ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-medium">Dealt at this price ({preview.deals.length})</h4>
          <ul className="grid gap-1 text-sm">
            {preview.deals.map((d) => (
              <li key={d.transactionId} className="flex flex-wrap justify-between gap-x-3 rounded-md border bg-card px-3 py-1.5">
                <span>
                  {d.kind === 'subscription' ? 'Subscription' : 'Redemption'} · {d.userName ?? 'Member'}
                </span>
                <span className="tabular">
                  {d.kind === 'subscription'
                    ? `${formatCents(d.amountCents)} → ${formatUnits(d.unitsMicro)} units`
                    : `${formatUnits(d.unitsMicro)} units → ${formatCents(d.amountCents)}`}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No subscriptions or redemptions are waiting.</p>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Marks used ({preview.lines.length})</summary>
        <ul className="mt-2 grid max-h-56 gap-1 overflow-y-auto">
          {preview.lines.map((l) => (
            <li key={l.holdingId} className="flex flex-wrap justify-between gap-x-3 border-b py-1 last:border-0">
              <span className="min-w-0 truncate">{l.subject}</span>
              <span className="tabular text-muted-foreground">
                {formatCents(l.valueCents)} · {markSourceLabels[l.source]}
                {l.markedOn ? `, ${dayText(l.markedOn)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** Valuations: the history, and a new one previewed for a date, then run after a confirmation. */
export function ValuationsTab({ data }: { data: AdminFundDetail }) {
  const ids = useId();
  const form = useForm<{ day: string }>({ defaultValues: { day: todayUtc() } });
  const day = form.watch('day');
  const [confirming, setConfirming] = useState(false);
  const preview = usePreviewValuation();
  const run = useRunValuation();
  const valuations = [...data.valuations].sort((a, b) => (a.valuedOn < b.valuedOn ? 1 : -1));
  const last = valuations[0]?.valuedOn;

  // Every refusal is about the date: the server's reason for it, or its message.
  const fail = (err: unknown) =>
    form.setError('day', { message: serverFieldErrors(err).valuedOn ?? errorMessage(err, 'Please try again.') }, { shouldFocus: true });
  const showPreview = form.handleSubmit(({ day }) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return form.setError('day', { message: fundMessages.date }, { shouldFocus: true });
    if (last && day <= last.slice(0, 10))
      return form.setError('day', { message: fundMessages.valuationBeforeLast(dayText(last)) }, { shouldFocus: true });
    preview.mutate({ id: data.fund.id, input: { valuedOn: day } }, { onError: fail });
  });
  const shown = preview.data && preview.data.valuedOn.slice(0, 10) === day ? preview.data : null;
  const runIt = () =>
    run.mutate(
      { id: data.fund.id, input: { valuedOn: day } },
      {
        onSuccess: (v) => {
          setConfirming(false);
          preview.reset();
          toast({ title: 'Valuation recorded', description: `${dayText(v.valuedOn)}: NAV per unit ${formatCents(v.navPerUnitCents)}` });
        },
        onError: (err) => {
          setConfirming(false);
          fail(err);
        },
      },
    );

  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-labelledby={`${ids}-new`} className="grid gap-4 rounded-xl border bg-card p-4 sm:p-6">
        <h3 id={`${ids}-new`} className="font-semibold">
          Run a valuation
        </h3>
        <form noValidate onSubmit={showPreview} className="flex flex-wrap items-end gap-3">
          <FormField control={form.control} name="day" label="Valuation date" id={`${ids}-day`} describedBy={`${ids}-help`}>
            <Input type="date" max={todayUtc()} className="w-48" {...form.register('day', { onChange: () => form.clearErrors('day') })} />
          </FormField>
          <Button type="submit" variant="outline" disabled={preview.isPending}>
            {preview.isPending && <Spinner size="sm" label="Previewing" />}
            Preview
          </Button>
          <Button type="button" variant="crimson" disabled={!shown || run.isPending} onClick={() => setConfirming(true)}>
            Run valuation
          </Button>
        </form>
        <p id={`${ids}-help`} className="text-xs text-muted-foreground">
          {last ? `The last valuation was on ${dayText(last)}; a new one must be later.` : 'This will be the fund’s first valuation.'} Preview first:
          nothing is written until you run it.
        </p>
        {shown && <PreviewSummary preview={shown} />}
      </section>
      {valuations.length === 0 ? (
        <EmptyState title="No valuations yet" description="Run the first one to set the NAV per unit and deal the waiting subscriptions." />
      ) : (
        <ResponsiveTable rows={valuations} rowKey={(v) => v.id} columns={columns} rowTestId="valuation-row" cardTestId="valuation-card" />
      )}
      <ConfirmDialog
        open={confirming && !!shown}
        onClose={() => setConfirming(false)}
        onConfirm={runIt}
        title={`Run the valuation of ${dayText(day)}?`}
        description={
          <>
            {fundMessages.confirmValuation} NAV per unit{' '}
            <span className="tabular font-medium text-foreground">{formatCents(shown?.navPerUnitCents)}</span>
            {shown && shown.deals.length > 0 ? `, ${shown.deals.length} transaction${shown.deals.length === 1 ? '' : 's'} dealt.` : '.'}
          </>
        }
        confirmLabel="Run valuation"
        confirmVariant="crimson"
        pending={run.isPending}
        pendingLabel="Valuing"
      />
    </div>
  );
}
