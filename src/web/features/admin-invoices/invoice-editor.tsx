import { useId, useState } from 'react';
import { Plus, Send } from 'lucide-react';
import { INVOICE_NOTES_MAX, type Invoice, type PatchInvoiceInput } from '#common/money.ts';
import { formatCents } from '#common/format.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { AddFromTemplate } from './add-from-template.tsx';
import { useUpdateInvoice } from './api/update-invoice.ts';
import { memberName } from './invoice-columns.tsx';
import { LineEditor } from './line-editor.tsx';
import { draftFromInvoiceLine, emptyLine, totalOf, type DraftLine } from './lines.ts';

/** The draft's lines, due date and notes with a live total; Save draft, Send, Void. */
export function InvoiceEditor({ invoice, onVoid }: { invoice: Invoice; onVoid: () => void }) {
  const id = useId();
  const update = useUpdateInvoice();
  const [lines, setLines] = useState<DraftLine[]>(() => invoice.lines.map(draftFromInvoiceLine));
  const [dueDate, setDueDate] = useState(invoice.dueDate);
  const [notes, setNotes] = useState(invoice.notes ?? '');
  const [tried, setTried] = useState(false);
  const [confirmSend, setConfirmSend] = useState(false);
  const [pendingAction, setPendingAction] = useState<'save' | 'send' | null>(null);
  const { totalCents, results, valid } = totalOf(lines);
  const ready = valid && !!dueDate && totalCents > 0;

  const submit = (send: boolean) => {
    setTried(true);
    if (!ready) {
      setConfirmSend(false);
      return;
    }
    const patch: PatchInvoiceInput = {
      lines: results.flatMap((r) => (r.ok ? [r.line] : [])),
      dueDate,
      notes: notes.trim() || null,
      ...(send ? { status: 'sent' as const } : {}),
    };
    setPendingAction(send ? 'send' : 'save');
    update.mutate(
      { id: invoice.id, patch },
      {
        onSuccess: (inv) => {
          toast(
            send
              ? { title: 'Invoice sent', description: `${inv.number} is on its way to ${memberName(inv)}.` }
              : { title: 'Draft saved', description: inv.number },
          );
          setConfirmSend(false);
        },
        onError: (e) =>
          toast({ variant: 'destructive', title: send ? 'Could not send the invoice' : 'Could not save the draft', description: e.message }),
        onSettled: () => setPendingAction(null),
      },
    );
  };

  const busy = update.isPending;
  return (
    <form
      className="grid gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        submit(false);
      }}
      aria-label={`Edit ${invoice.number}`}
    >
      <section className="grid gap-3" aria-labelledby={`${id}-lines`}>
        <h2 id={`${id}-lines`} className="text-base font-semibold">
          Lines
        </h2>
        {lines.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No lines yet. Add them from a template or one by one.</p>
        ) : (
          <LineEditor lines={lines} onChange={setLines} withBase disabled={busy} showErrors={tried} />
        )}
        {tried && lines.length === 0 && (
          <p role="alert" className="text-sm text-destructive">
            Add at least one line
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={busy} onClick={() => setLines([...lines, emptyLine('fixed')])}>
            <Plus aria-hidden="true" /> Fixed line
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => setLines([...lines, emptyLine('bps')])}>
            <Plus aria-hidden="true" /> Percentage line
          </Button>
        </div>
        <AddFromTemplate disabled={busy} onAdd={(added) => setLines([...lines, ...added])} />
      </section>

      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <div className="grid content-start gap-2">
          <Label htmlFor={`${id}-due`}>Due date</Label>
          <Input
            id={`${id}-due`}
            type="date"
            value={dueDate}
            disabled={busy}
            onChange={(e) => setDueDate(e.target.value)}
            aria-invalid={tried && !dueDate ? true : undefined}
          />
          {tried && !dueDate && (
            <p role="alert" className="text-sm text-destructive">
              Enter the due date
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-notes`}>Notes for the member</Label>
          <Textarea
            id={`${id}-notes`}
            value={notes}
            maxLength={INVOICE_NOTES_MAX}
            disabled={busy}
            onChange={(e) => setNotes(e.target.value)}
            rows={3}
          />
        </div>
      </div>

      <div className="flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg" aria-live="polite">
          Total{' '}
          <strong className="tabular" data-testid="invoice-total">
            {formatCents(totalCents)}
          </strong>
          {tried && valid && totalCents === 0 && (
            <span role="alert" className="ml-2 text-sm text-destructive">
              An invoice must total more than $0.00
            </span>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="ghost" className="text-destructive" disabled={busy} onClick={onVoid}>
            Void
          </Button>
          <Button type="submit" variant="outline" disabled={busy}>
            {pendingAction === 'save' && <Spinner size="sm" label="Saving" />}
            Save draft
          </Button>
          <Button
            type="button"
            disabled={busy}
            onClick={() => {
              setTried(true);
              if (ready) setConfirmSend(true);
            }}
          >
            <Send aria-hidden="true" /> Send
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirmSend}
        onClose={() => setConfirmSend(false)}
        onConfirm={() => submit(true)}
        title={`Send ${invoice.number}?`}
        description={`${memberName(invoice)} gets a text message and a notification to pay ${formatCents(totalCents)} by the due date. Lines cannot be changed once it is sent.`}
        confirmLabel="Send invoice"
        pending={pendingAction === 'send'}
        pendingLabel="Sending"
      />
    </form>
  );
}
