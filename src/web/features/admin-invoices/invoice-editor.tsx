import { useId, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Plus, Send } from 'lucide-react';
import { INVOICE_NOTES_MAX, type Invoice, type PatchInvoiceInput } from '#common/money.ts';
import { formatCents } from '#common/format.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { placeServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { AddFromTemplate } from './add-from-template.tsx';
import { useUpdateInvoice } from './api/update-invoice.ts';
import { memberName } from './invoice-columns.tsx';
import { LineEditor, linesForm, serverLineField } from './line-editor.tsx';
import { draftFromInvoiceLine, emptyLine, totalOf, type DraftLine } from './lines.ts';

interface EditorValues {
  lines: DraftLine[];
  dueDate: string;
  notes: string;
}

/** The draft's lines, due date and notes with a live total; Save draft, Send, Void. */
export function InvoiceEditor({ invoice, onVoid }: { invoice: Invoice; onVoid: () => void }) {
  const id = useId();
  const form = useForm<EditorValues>({
    defaultValues: { lines: invoice.lines.map(draftFromInvoiceLine), dueDate: invoice.dueDate, notes: invoice.notes ?? '' },
  });
  const lineForm = linesForm(form);
  const lineArray = useFieldArray({ control: lineForm.control, name: 'lines', keyName: 'id' });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const [tried, setTried] = useState(false);
  const [confirmSend, setConfirmSend] = useState(false);
  const [pendingAction, setPendingAction] = useState<'save' | 'send' | null>(null);
  const update = useUpdateInvoice({
    onSuccess: (inv, { patch }) => {
      toast(
        patch.status === 'sent'
          ? { title: 'Invoice sent', description: `${inv.number} is on its way to ${memberName(inv)}.` }
          : { title: 'Draft saved', description: inv.number },
      );
      setConfirmSend(false);
    },
    onError: (e, { patch }) => {
      setConfirmSend(false);
      placeServerFieldErrors(form.setError, e, (k) => (k === 'dueDate' || k === 'notes' ? k : serverLineField(k)));
      toast({
        variant: 'destructive',
        title: patch.status === 'sent' ? 'Could not send the invoice' : 'Could not save the draft',
        description: e.message,
      });
    },
    onSettled: () => setPendingAction(null),
  });
  const { totalCents, results, valid } = totalOf(lines);
  const ready = valid && totalCents > 0;

  // Both buttons check the same way: the due date by its rule, the lines by their own messages.
  const check = (then: (v: EditorValues) => void) => {
    setTried(true);
    void form.handleSubmit((v) => {
      if (ready) then(v);
      else setConfirmSend(false);
    })();
  };

  const submit = (send: boolean) => {
    const { dueDate, notes } = form.getValues();
    const patch: PatchInvoiceInput = {
      lines: results.flatMap((r) => (r.ok ? [r.line] : [])),
      dueDate,
      notes: notes.trim() || null,
      ...(send ? { status: 'sent' as const } : {}),
    };
    setPendingAction(send ? 'send' : 'save');
    update.mutate({ id: invoice.id, patch });
  };

  const busy = update.isPending;
  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        check(() => submit(false));
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
          <LineEditor form={lineForm} lines={lineArray} withBase disabled={busy} showErrors={tried} />
        )}
        {tried && lines.length === 0 && (
          <p role="alert" className="text-sm text-destructive">
            Add at least one line
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={busy} onClick={() => lineArray.append(emptyLine('fixed'), { shouldFocus: false })}>
            <Plus aria-hidden="true" /> Fixed line
          </Button>
          <Button type="button" variant="outline" disabled={busy} onClick={() => lineArray.append(emptyLine('bps'), { shouldFocus: false })}>
            <Plus aria-hidden="true" /> Percentage line
          </Button>
        </div>
        <AddFromTemplate disabled={busy} onAdd={(added) => lineArray.append(added, { shouldFocus: false })} />
      </section>

      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <FormField control={form.control} name="dueDate" label="Due date" id={`${id}-due`} className="content-start">
          <Input type="date" disabled={busy} {...form.register('dueDate', { required: 'Enter the due date' })} />
        </FormField>
        <FormField control={form.control} name="notes" label="Notes for the member" id={`${id}-notes`}>
          <Textarea maxLength={INVOICE_NOTES_MAX} disabled={busy} rows={3} {...form.register('notes')} />
        </FormField>
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
          <Button type="button" disabled={busy} onClick={() => check(() => setConfirmSend(true))}>
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
