import { useId, useState, type FormEvent } from 'react';
import { CARD_CORRECTION_REASON_MAX, CUSTODY_NOTE_MAX, cardHoldLabels, graderLabels, graders, type AdminCardRow } from '#common/cards.ts';
import { formatDate } from '#web/lib/dates.ts';
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
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

function Problem({ id, text }: { id?: string; text: string | undefined }) {
  return text ? (
    <p id={id} role="alert" className="text-sm text-destructive">
      {text}
    </p>
  ) : null;
}

/** The correction: any field, held or not, with a reason for the provenance (decision 128). */
function CorrectForm({ card, onDone }: { card: AdminCardRow; onDone: () => void }) {
  const id = useId();
  const correct = useCorrectCard();
  const [form, setForm] = useState<CorrectionForm>(() => correctionForm(card));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof CorrectionForm, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors({});
  };
  const patch = correctionPatch(card, form);
  const err = (k: string) => errors[k];

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!changedCount(patch)) local.form = 'Change at least one field';
    if (!patch.reason) local.reason = 'Say why the card is corrected';
    if (Object.keys(local).length) return setErrors(local);
    try {
      await correct.mutateAsync({ id: card.id, correction: patch });
      toast({ title: 'Card corrected', description: `${card.year} ${card.brand} ${card.subject}: the correction is in its provenance.` });
      onDone();
    } catch (error) {
      const fe = error instanceof ApiError ? ((error.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors ?? {}) : {};
      const placed = Object.fromEntries(Object.entries(fe).map(([k, m]) => [k === 'estimatedValueCents' ? 'estimate' : k, m[0] ?? '']));
      setErrors(Object.keys(placed).length ? placed : { form: errorMessage(error, 'The correction was not saved. Try again.') });
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4" aria-label="Correct the card">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-grader`}>Grader</Label>
          <select id={`${id}-grader`} className={selectClass} value={form.grader} onChange={(e) => set('grader', e.target.value)}>
            {graders.map((g) => (
              <option key={g} value={g}>
                {g === 'raw' ? 'Raw (ungraded)' : graderLabels[g]}
              </option>
            ))}
          </select>
        </div>
        {fields.map((f) => (
          <div key={f.key} className={f.wide ? 'grid content-start gap-1.5 sm:col-span-2' : 'grid content-start gap-1.5'}>
            <Label htmlFor={`${id}-${f.key}`}>{f.label}</Label>
            <Input
              id={`${id}-${f.key}`}
              value={form[f.key]}
              inputMode={f.numeric ? 'numeric' : undefined}
              autoComplete="off"
              onChange={(e) => set(f.key, e.target.value)}
              aria-invalid={!!err(f.key) || undefined}
              aria-describedby={err(f.key) ? `${id}-${f.key}-error` : undefined}
            />
            <Problem id={`${id}-${f.key}-error`} text={err(f.key)} />
          </div>
        ))}
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-estimate`}>Member’s estimate (USD)</Label>
          <Input
            id={`${id}-estimate`}
            inputMode="decimal"
            className="tabular"
            value={form.estimate}
            onChange={(e) => set('estimate', e.target.value)}
            aria-invalid={!!err('estimate') || undefined}
            aria-describedby={err('estimate') ? `${id}-estimate-error` : undefined}
          />
          <Problem id={`${id}-estimate-error`} text={err('estimate')} />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-reason`}>Reason (kept in the card’s provenance)</Label>
        <Textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={CARD_CORRECTION_REASON_MAX}
          value={form.reason}
          placeholder="e.g. The slab received in the vault reads MINT 9"
          onChange={(e) => set('reason', e.target.value)}
          aria-invalid={!!err('reason') || undefined}
          aria-describedby={err('reason') ? `${id}-reason-error` : undefined}
        />
        <Problem id={`${id}-reason-error`} text={err('reason')} />
      </div>
      <Problem text={errors.form} />
      <Button type="submit" variant="crimson" className="justify-self-start" disabled={correct.isPending}>
        {correct.isPending && <Spinner size="sm" label="Saving" />}
        Save correction{changedCount(patch) ? ` (${changedCount(patch)} ${changedCount(patch) === 1 ? 'field' : 'fields'})` : ''}
      </Button>
    </form>
  );
}

/** Our appraisal: with the index price, what a loan against the card is capped on. */
function AppraisalForm({ card }: { card: AdminCardRow }) {
  const id = useId();
  const appraise = useAppraiseCard();
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const cents = parseDollarsToCents(value);
    if (!cents) return setProblem('Enter the appraised value in dollars, like 12,500');
    try {
      await appraise.mutateAsync({ id: card.id, appraisal: { valueCents: cents, note: note.trim() || null } });
      toast({ title: 'Appraisal recorded', description: `${card.year} ${card.brand} ${card.subject}` });
      setValue('');
      setNote('');
      setProblem(undefined);
    } catch (error) {
      setProblem(errorMessage(error, 'The appraisal was not saved. Try again.'));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 rounded-lg border p-4" aria-label="Appraise the card">
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
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-value`}>Appraised value (USD)</Label>
          <Input
            id={`${id}-value`}
            inputMode="decimal"
            className="tabular"
            value={value}
            onChange={(e) => (setValue(e.target.value), setProblem(undefined))}
            aria-invalid={!!problem || undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`${id}-note`}>Note (optional)</Label>
          <Input
            id={`${id}-note`}
            value={note}
            maxLength={CUSTODY_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            placeholder="e.g. Comps from the last three auctions"
          />
        </div>
      </div>
      <Problem id={`${id}-problem`} text={problem} />
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
