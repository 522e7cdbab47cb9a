import { useEffect, useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { fundMessages, markSourceLabels, type AdminFundDetail, type AdminHolding } from '#common/funds.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useDisposeHolding } from './api/dispose-holding.ts';
import { useMarkHolding } from './api/mark-holding.ts';
import { AddHoldingDialog } from './add-holding-dialog.tsx';
import { dayText, todayUtc } from './labels.ts';

export const holdingName = (h: Pick<AdminHolding, 'year' | 'brand' | 'subject'>) => `${h.year} ${h.brand} ${h.subject}`;
const gradeText = (h: Pick<AdminHolding, 'grader' | 'grade'>) => (h.grader === 'raw' ? 'Raw' : `${h.grader} ${h.grade ?? ''}`.trim());

type Action = { kind: 'mark' | 'dispose'; holding: AdminHolding } | null;

/** A field of an action dialog: label, input and the problem beside it. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | null;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Mark (manual value) or dispose (sale proceeds) of one holding, confirmed in a dialog. */
function HoldingActionDialog({ fundId, action, onClose }: { fundId: string; action: Action; onClose: () => void }) {
  const ids = useId();
  const mark = useMarkHolding();
  const dispose = useDisposeHolding();
  const [amount, setAmount] = useState('');
  const [day, setDay] = useState(todayUtc());
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (action) {
      setAmount(String((action.kind === 'mark' ? action.holding.markCents : action.holding.markCents) / 100));
      setDay(todayUtc());
      setNote('');
      setError(null);
    }
  }, [action]);
  if (!action) return null;
  const h = action.holding;
  const pending = mark.isPending || dispose.isPending;
  const run = () => {
    const cents = parseDollarsToCents(amount);
    if (cents === null) return setError('Enter an amount in dollars, like 1,250');
    const onError = (err: Error) => setError(errorMessage(err, 'Please try again.'));
    if (action.kind === 'mark') {
      mark.mutate(
        { id: fundId, holdingId: h.id, input: { valueCents: cents, markedOn: day, note: note.trim() || undefined } },
        { onSuccess: () => (toast({ title: 'Mark recorded', description: `${holdingName(h)} at ${formatCents(cents)}` }), onClose()), onError },
      );
    } else {
      dispose.mutate(
        { id: fundId, holdingId: h.id, input: { proceedsCents: cents, disposedOn: day, note: note.trim() || undefined } },
        {
          onSuccess: () => (toast({ title: 'Holding disposed of', description: `${formatCents(cents)} added to the fund’s cash` }), onClose()),
          onError,
        },
      );
    }
  };
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      onConfirm={run}
      title={action.kind === 'mark' ? `Mark ${holdingName(h)}` : `Dispose of ${holdingName(h)}?`}
      description={
        action.kind === 'mark'
          ? `A manual mark values the card until the next one. Its current mark is ${formatCents(h.markCents)} (${markSourceLabels[h.markSource]}).`
          : fundMessages.confirmDispose
      }
      confirmLabel={action.kind === 'mark' ? 'Record mark' : 'Dispose of holding'}
      destructive={action.kind === 'dispose'}
      pending={pending}
    >
      <div className="grid gap-3">
        <Field id={`${ids}-amount`} label={action.kind === 'mark' ? 'Mark (USD)' : 'Sale proceeds (USD)'} error={error}>
          {(p) => <Input {...p} inputMode="decimal" className="tabular" value={amount} onChange={(e) => setAmount(e.target.value)} />}
        </Field>
        <Field id={`${ids}-day`} label={action.kind === 'mark' ? 'Marked on' : 'Sold on'}>
          {(p) => <Input {...p} type="date" max={todayUtc()} value={day} onChange={(e) => setDay(e.target.value)} />}
        </Field>
        <Field id={`${ids}-note`} label="Note (optional)">
          {(p) => <Textarea {...p} rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />}
        </Field>
      </div>
    </ConfirmDialog>
  );
}

/** Holdings: the cards in the fund with cost, mark and weight; add from the vault, mark, dispose. */
export function HoldingsTab({ data }: { data: AdminFundDetail }) {
  const [action, setAction] = useState<Action>(null);
  const [adding, setAdding] = useState(false);
  const active = data.holdings.filter((h) => !h.disposedOn);
  const disposed = data.holdings.filter((h) => h.disposedOn);
  const columns: Column<AdminHolding>[] = [
    {
      id: 'card',
      header: 'Card',
      card: 'primary',
      cell: (h) => (
        <span className="grid">
          <span className="font-medium">{holdingName(h)}</span>
          <span className="text-xs text-muted-foreground">
            {gradeText(h)}
            {h.certNumber ? ` · cert ${h.certNumber}` : ''}
          </span>
        </span>
      ),
    },
    {
      id: 'cost',
      header: 'Cost',
      headerClassName: 'text-right',
      className: 'text-right',
      cell: (h) => <Money cents={h.costBasisCents} decimals={0} />,
    },
    {
      id: 'mark',
      header: 'Mark',
      headerClassName: 'text-right',
      className: 'text-right',
      cell: (h) => (
        <span className="grid">
          <Money cents={h.disposedOn ? h.proceedsCents : h.markCents} decimals={0} />
          <span className="text-xs text-muted-foreground">
            {h.disposedOn ? `sold ${dayText(h.disposedOn)}` : `${markSourceLabels[h.markSource]}${h.markedOn ? `, ${dayText(h.markedOn)}` : ''}`}
          </span>
        </span>
      ),
    },
    {
      id: 'weight',
      header: 'Weight',
      headerClassName: 'text-right',
      className: 'tabular text-right',
      cell: (h) => (h.disposedOn ? '—' : `${(h.weight * 100).toFixed(1)}%`),
    },
    {
      id: 'acquired',
      header: 'Acquired',
      className: 'whitespace-nowrap',
      cell: (h) => `${dayText(h.acquiredOn)} · ${h.acquiredFrom === 'house' ? 'house vault' : 'bought'}`,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'footer',
      cell: (h) =>
        h.disposedOn ? null : (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={h.markSource === 'index'}
              title={h.markSource === 'index' ? fundMessages.holdingIndexMarked : undefined}
              onClick={() => setAction({ kind: 'mark', holding: h })}
              aria-label={`Mark ${holdingName(h)}`}
            >
              Mark
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setAction({ kind: 'dispose', holding: h })}
              aria-label={`Dispose of ${holdingName(h)}`}
            >
              Dispose
            </Button>
          </div>
        ),
    },
  ];
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {active.length} card{active.length === 1 ? '' : 's'} · cash <Money cents={data.fund.cashCents} className="font-medium text-foreground" />.
          Cards the index follows are marked from its prices.
        </p>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> Add card
        </Button>
      </div>
      {data.holdings.length === 0 ? (
        <EmptyState title="No holdings yet" description="Add a card from the house vault, or buy a member's vaulted card into the fund." />
      ) : (
        <ResponsiveTable rows={[...active, ...disposed]} rowKey={(h) => h.id} columns={columns} rowTestId="holding-row" cardTestId="holding-card" />
      )}
      <HoldingActionDialog fundId={data.fund.id} action={action} onClose={() => setAction(null)} />
      <AddHoldingDialog fundId={data.fund.id} cashCents={data.fund.cashCents} open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
