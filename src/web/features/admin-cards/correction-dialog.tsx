import { useEffect, useId } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { CARD_CORRECTION_REASON_MAX, CUSTODY_NOTE_MAX, cardHoldLabels, graderLabels, graders, type AdminCardRow } from '#common/cards.ts';
import { formatDate } from '#web/lib/dates.ts';
import { Money } from '#web/components/money.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { placeServerFieldErrors, renamed } from '#web/lib/server-field-errors.ts';
import { useAppraiseCard, useCorrectCard } from './api/correct-card.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { changedCount, correctionForm, correctionPatch, type CorrectionForm } from './correction.ts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';
const fields: { key: keyof CorrectionForm; label: string; wide?: boolean; numeric?: boolean }[] = [
  { key: 'certNumber', label: 'Certificate number', numeric: true },
  { key: 'grade', label: 'Grade' },
  { key: 'year', label: 'Year', numeric: true },
  { key: 'subject', label: 'Player', wide: true },
  { key: 'brand', label: 'Set', wide: true },
  { key: 'cardNumber', label: 'Card number' },
  { key: 'variety', label: 'Variety' },
];

function Problem({ text }: { text: string | undefined }) {
  return text ? (
    <p role="alert" className="text-sm text-destructive">
      {text}
    </p>
  ) : null;
}

/** The server's names for the correction's fields, where they differ from the form's. */
const correctionField = (key: string): Path<CorrectionForm> | undefined =>
  key === 'estimatedValueCents' ? 'estimate' : key in correctionFieldNames ? (key as Path<CorrectionForm>) : undefined;
const correctionFieldNames = { grader: 1, reason: 1, estimate: 1, ...Object.fromEntries(fields.map((f) => [f.key, 1])) } as Record<string, 1>;

/** The correction: any field, held or not, with a reason for the provenance (decision 128). */
function CorrectForm({ card, onDone }: { card: AdminCardRow; onDone: () => void }) {
  const id = useId();
  const correct = useCorrectCard();
  const form = useForm<CorrectionForm>({ defaultValues: correctionForm(card) });
  // Any edit clears every problem shown, the form's own included.
  useEffect(() => {
    const sub = form.watch(() => form.clearErrors());
    return () => sub.unsubscribe();
  }, [form]);
  const patch = correctionPatch(card, form.watch());

  const submit = form.handleSubmit(async (values) => {
    const p = correctionPatch(card, values);
    if (!changedCount(p)) form.setError('root', { message: 'Change at least one field' });
    if (!p.reason) form.setError('reason', { message: 'Say why the card is corrected' });
    if (!changedCount(p) || !p.reason) return;
    try {
      await correct.mutateAsync({ id: card.id, correction: p });
      toast({ title: 'Card corrected', description: `${card.year} ${card.brand} ${card.subject}: the correction is in its provenance.` });
      onDone();
    } catch (error) {
      if (!placeServerFieldErrors(form.setError, error, correctionField))
        form.setError('root', { message: errorMessage(error, 'The correction was not saved. Try again.') });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Correct the card">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField control={form.control} name="grader" label="Grader" id={`${id}-grader`} className="content-start gap-1.5">
          <select className={selectClass} {...form.register('grader')}>
            {graders.map((g) => (
              <option key={g} value={g}>
                {g === 'raw' ? 'Raw (ungraded)' : graderLabels[g]}
              </option>
            ))}
          </select>
        </FormField>
        {fields.map((f) => (
          <FormField
            key={f.key}
            control={form.control}
            name={f.key}
            label={f.label}
            id={`${id}-${f.key}`}
            className={f.wide ? 'content-start gap-1.5 sm:col-span-2' : 'content-start gap-1.5'}
          >
            <Input inputMode={f.numeric ? 'numeric' : undefined} autoComplete="off" {...form.register(f.key)} />
          </FormField>
        ))}
        <FormField control={form.control} name="estimate" label="Member’s estimate (USD)" id={`${id}-estimate`} className="content-start gap-1.5">
          <Input inputMode="decimal" className="tabular" {...form.register('estimate')} />
        </FormField>
      </div>
      <FormField control={form.control} name="reason" label="Reason (kept in the card’s provenance)" id={`${id}-reason`} className="gap-1.5">
        <Textarea
          rows={2}
          maxLength={CARD_CORRECTION_REASON_MAX}
          placeholder="e.g. The slab received in the vault reads MINT 9"
          {...form.register('reason')}
        />
      </FormField>
      <Problem text={form.formState.errors.root?.message} />
      <Button type="submit" variant="crimson" className="justify-self-start" disabled={correct.isPending}>
        {correct.isPending && <Spinner size="sm" label="Saving" />}
        Save correction{changedCount(patch) ? ` (${changedCount(patch)} ${changedCount(patch) === 1 ? 'field' : 'fields'})` : ''}
      </Button>
    </form>
  );
}

interface AppraisalValues {
  value: string;
  note: string;
}

/** Our appraisal: with the index price, what a loan against the card is capped on. */
function AppraisalForm({ card }: { card: AdminCardRow }) {
  const id = useId();
  const appraise = useAppraiseCard();
  const form = useForm<AppraisalValues>({ defaultValues: { value: '', note: '' } });

  const submit = form.handleSubmit(async (v) => {
    const cents = parseDollarsToCents(v.value);
    if (!cents) return form.setError('value', { message: 'Enter the appraised value in dollars, like 12,500' });
    try {
      await appraise.mutateAsync({ id: card.id, appraisal: { valueCents: cents, note: v.note.trim() || null } });
      toast({ title: 'Appraisal recorded', description: `${card.year} ${card.brand} ${card.subject}` });
      form.reset();
    } catch (error) {
      if (!placeServerFieldErrors(form.setError, error, renamed<AppraisalValues>({ valueCents: 'value', note: 'note' })))
        form.setError('value', { message: errorMessage(error, 'The appraisal was not saved. Try again.') });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-lg border p-4" aria-label="Appraise the card">
      <div>
        <h3 className="text-sm font-semibold">Appraisal</h3>
        <p className="text-xs text-muted-foreground" data-testid="current-appraisal">
          {card.appraisal ? (
            <>
              Appraised at <Money cents={card.appraisal.valueCents} decimals={0} /> on {formatDate(card.appraisal.at)}.
            </>
          ) : (
            'Not appraised yet. Without an appraisal or a market price, the card counts for nothing toward a loan.'
          )}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <FormField control={form.control} name="value" label="Appraised value (USD)" id={`${id}-value`} className="content-start gap-1.5">
          <Input inputMode="decimal" className="tabular" {...form.register('value')} />
        </FormField>
        <FormField control={form.control} name="note" label="Note (optional)" id={`${id}-note`} className="content-start gap-1.5">
          <Input maxLength={CUSTODY_NOTE_MAX} placeholder="e.g. Comps from the last three auctions" {...form.register('note')} />
        </FormField>
      </div>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={appraise.isPending}>
        {appraise.isPending && <Spinner size="sm" label="Saving" />}
        Record appraisal
      </Button>
    </form>
  );
}

/** Correcting a card (held or not) and recording our appraisal, from the admin card list. */
export function CorrectionDialog({ card, onClose }: { card: AdminCardRow | null; onClose: () => void }) {
  return (
    <Dialog open={!!card} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[92dvh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Correct or appraise</DialogTitle>
          <DialogDescription>
            {card ? `${card.year} ${card.brand} ${card.subject}` : ''}
            {card?.hold ? ` · ${cardHoldLabels[card.hold]}: its owner cannot change it, and the correction re-prices what depends on it.` : '.'}
          </DialogDescription>
        </DialogHeader>
        {card && (
          <div className="grid gap-6" key={card.id}>
            <CorrectForm card={card} onDone={onClose} />
            <AppraisalForm card={card} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
