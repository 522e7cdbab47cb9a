import { useEffect, useId, useState } from 'react';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import { refundMessages, type Invoice } from '#common/money.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useInvoiceRefunds, useRefundInvoice } from './api/refunds.ts';
import { centsToInput } from './lines.ts';

const statusLabel = { pending: 'Pending', succeeded: 'Refunded', failed: 'Failed' } as const;

/** A paid invoice's refunds: what went back, the past refunds, and a Refund action for what is left. */
export function InvoiceRefunds({ invoice }: { invoice: Invoice }) {
  const refunds = useInvoiceRefunds(invoice.id);
  const [open, setOpen] = useState(false);
  const pending = (refunds.data ?? []).filter((r) => r.status === 'pending').reduce((s, r) => s + r.amountCents, 0);
  const left = Math.max(0, invoice.totalCents - invoice.refundedCents - pending);
  return (
    <section aria-labelledby="refunds-heading" className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="refunds-heading" className="text-sm font-medium uppercase tracking-[0.14em] text-muted-foreground">
          Refunds
        </h3>
        <Button variant="outline" size="sm" disabled={left === 0} onClick={() => setOpen(true)}>
          Refund
        </Button>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="invoice-refunded">
        {invoice.refundedCents > 0 ? `Refunded ${formatCents(invoice.refundedCents)} of ${formatCents(invoice.totalCents)}` : 'Nothing refunded'}
        {left > 0 ? ` · ${formatCents(left)} left to refund` : ' · fully refunded'}
      </p>
      {refunds.isError ? (
        <p className="text-sm text-destructive">We couldn't load the refunds.</p>
      ) : (refunds.data?.length ?? 0) > 0 ? (
        <ul className="grid gap-2" aria-label="Past refunds">
          {refunds.data!.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm" data-testid="invoice-refund">
              <span className="min-w-0">
                <span className="font-medium">{statusLabel[r.status]}</span> · {r.reason} · {formatDate(r.createdAt)}
                {r.createdBy ? ` · by ${r.createdBy.name ?? 'an admin'}` : ' · at the provider'}
              </span>
              <Money cents={r.amountCents} className="font-semibold" />
            </li>
          ))}
        </ul>
      ) : null}
      <RefundDialog invoice={invoice} left={left} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}

function RefundDialog({ invoice, left, open, onClose }: { invoice: Invoice; left: number; open: boolean; onClose: () => void }) {
  const amountId = useId();
  const reasonId = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundInvoice();
  useEffect(() => {
    if (open) {
      setAmount(centsToInput(left));
      setReason('');
      setError(null);
      setKey(crypto.randomUUID());
    }
  }, [open, left]);
  const cents = parseDollarsToCents(amount);
  const amountError =
    amount.trim() && (cents === null || cents < 1)
      ? refundMessages.amount
      : cents !== null && cents > left
        ? `At most ${formatCents(left)} is left to refund`
        : null;
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Refund ${invoice.number}`}
      description={`The member paid ${formatCents(invoice.totalCents)}; ${formatCents(left)} can still be refunded.`}
      confirmLabel="Refund"
      destructive
      confirmDisabled={!reason.trim() || cents === null || cents < 1 || !!amountError}
      pending={refund.isPending}
      pendingLabel="Refunding"
      onConfirm={() =>
        refund.mutate(
          { id: invoice.id, body: { amountCents: cents!, reason: reason.trim() }, idempotencyKey: key },
          {
            onSuccess: ({ refund: r }) => {
              toast({
                title: r.status === 'pending' ? 'Refund sent to the provider' : 'Refunded',
                description: `${formatCents(r.amountCents)} on ${invoice.number}`,
              });
              onClose();
            },
            onError: (e) => {
              setError(errorMessage(e, 'Could not refund the invoice'));
              // A changed request needs a new key; the same one would be refused as reused.
              setKey(crypto.randomUUID());
            },
          },
        )
      }
    >
      <div className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor={amountId}>Amount</Label>
          <Input
            id={amountId}
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={!!amountError}
            aria-describedby={amountError ? `${amountId}-error` : undefined}
          />
          {amountError && (
            <p id={`${amountId}-error`} className="text-sm text-destructive">
              {amountError}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={reasonId}>Reason</Label>
          <Textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            placeholder="e.g. Grade came back lower than quoted"
          />
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
