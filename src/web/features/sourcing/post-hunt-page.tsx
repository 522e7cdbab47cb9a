import { useCallback, useId, useMemo, type ReactElement } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { graderLabels, graders, sportLabels, sports, type Sport } from '#common/cards.ts';
import { budgetBand, createHuntSchema, deadlineIssue, type CreateHuntValues } from '#common/hunts.ts';
import { FormField, type FieldControlProps } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { errorMessage } from '#web/lib/api.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useCreateHunt } from './api/create-hunt.ts';
import { HuntCard } from './hunt-card.tsx';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';
type Form = {
  sport: Sport;
  player: string;
  year: string;
  set: string;
  grader: string;
  minGrade: string;
  budget: string;
  deadline: string;
  notes: string;
};
const empty: Form = { sport: 'baseball', player: '', year: '', set: '', grader: '', minGrade: '', budget: '', deadline: '', notes: '' };

/** The form's text as the API's values (budget in dollars → cents). */
export function toValues(f: Form): Record<string, unknown> {
  const num = (s: string) => (s.trim() === '' ? null : Number(s.replace(/[$,\s]/g, '')));
  return {
    sport: f.sport,
    player: f.player,
    year: num(f.year),
    set: f.set.trim() || null,
    grader: f.grader || null,
    minGrade: num(f.minGrade),
    // Not an amount: NaN, for the schema to refuse with the budget message.
    maxBudgetCents: f.budget.trim() === '' ? undefined : (parseDollarsToCents(f.budget) ?? Number.NaN),
    deadline: f.deadline || null,
    notes: f.notes.trim() || null,
  };
}

/** Field messages for the whole form, from the shared contract plus the deadline's "in the future". */
export function issuesOf(f: Form, now: Date): Record<string, string> {
  const out: Record<string, string> = {};
  const parsed = createHuntSchema.safeParse(toValues(f));
  if (!parsed.success)
    for (const i of parsed.error.issues)
      out[String(i.path[0] === 'maxBudgetCents' ? 'budget' : i.path[0])] ??=
        i.path[0] === 'maxBudgetCents' ? 'Enter a budget greater than $0' : i.message;
  const d = deadlineIssue(f.deadline || null, now);
  if (d) out.deadline = d;
  return out;
}

/** The server's field names as the form's. */
const serverFields = { ...Object.fromEntries(Object.keys(empty).map((k) => [k, k])), maxBudgetCents: 'budget' } as Record<string, keyof Form>;

/** /source/post: the hunt form, checked as you go, beside a preview of its board card. */
export default function PostHuntPage() {
  const id = useId();
  const [, navigate] = useLocation();
  const create = useCreateHunt();
  const now = useMemo(() => new Date(), []);
  // Checked by the shared contract (issuesOf) once a field is left, then as it changes.
  const resolver = useCallback<Resolver<Form>>(
    (f) => {
      const issues = issuesOf(f, now);
      const errors = Object.fromEntries(Object.entries(issues).map(([k, message]) => [k, { type: 'validate', message }]));
      return Object.keys(errors).length ? { values: {}, errors } : { values: f, errors: {} };
    },
    [now],
  );
  const form = useForm<Form>({ defaultValues: empty, mode: 'onTouched', resolver });
  const { control, register } = form;
  const { errors } = form.formState;
  const current = form.watch();
  const values = toValues(current);
  const issues = issuesOf(current, now);
  const cents = typeof values.maxBudgetCents === 'number' && values.maxBudgetCents > 0 ? values.maxBudgetCents : 0;

  const submit = form.handleSubmit(async (f) => {
    try {
      await create.mutateAsync(createHuntSchema.parse(toValues(f)) as CreateHuntValues);
      toast({ title: 'Hunt posted', description: 'The team reviews it before it appears on the board.' });
      navigate('/source?tab=hunts');
    } catch (err) {
      applyServerFieldErrors(form, err, serverFields);
      toast({ title: 'The hunt could not be posted', description: errorMessage(err, 'Try again.'), variant: 'destructive' });
    }
  });

  const field = (k: keyof Form, label: string, el: ReactElement<FieldControlProps>, hint?: string) => (
    <FormField control={control} name={k} label={label} id={`${id}-${k}`} className="gap-1.5" description={errors[k] ? undefined : hint}>
      {el}
    </FormField>
  );
  const input = (k: keyof Form, props: Record<string, unknown> = {}) => <Input {...props} {...register(k)} />;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Sourcing"
        title="Post a hunt"
        description="Describe the card you want. Your name and exact budget are never shown on the board."
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 rounded-xl border bg-card p-5 sm:grid-cols-2" aria-label="Hunt">
          {field('player', 'Player', input('player', { maxLength: 200, placeholder: 'Luka Doncic' }))}
          {field(
            'sport',
            'Sport',
            <select className={selectClass} {...register('sport')}>
              {sports.map((s) => (
                <option key={s} value={s}>
                  {sportLabels[s]}
                </option>
              ))}
            </select>,
          )}
          {field('year', 'Year', input('year', { inputMode: 'numeric', placeholder: '2018' }))}
          {field('set', 'Set', input('set', { maxLength: 200, placeholder: 'Panini Prizm Silver' }))}
          {field(
            'grader',
            'Grader',
            <select className={selectClass} {...register('grader')}>
              <option value="">Any grader</option>
              {graders.map((g) => (
                <option key={g} value={g}>
                  {graderLabels[g]}
                </option>
              ))}
            </select>,
          )}
          {field('minGrade', 'Minimum grade', input('minGrade', { inputMode: 'decimal', placeholder: '9' }), '1 to 10, in halves')}
          {field(
            'budget',
            'Maximum budget (USD)',
            input('budget', { inputMode: 'decimal', placeholder: '5,000' }),
            cents ? `Shown on the board as ${budgetBand(cents)}` : undefined,
          )}
          {field('deadline', 'Deadline (optional)', input('deadline', { type: 'date' }))}
          <div className="sm:col-span-2">{field('notes', 'Notes (optional)', <Textarea maxLength={1000} rows={3} {...register('notes')} />)}</div>
          <div className="flex gap-2 sm:col-span-2">
            <Button type="submit" variant="crimson" disabled={create.isPending}>
              {create.isPending ? 'Posting…' : 'Post hunt'}
            </Button>
            <Button asChild variant="outline">
              <Link href="/source">Cancel</Link>
            </Button>
          </div>
        </form>
        <aside className="grid content-start gap-2" aria-label="Preview">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">How it will appear on the board</p>
          <HuntCard
            now={now}
            hunt={{
              sport: current.sport,
              player: current.player.trim(),
              year: typeof values.year === 'number' && Number.isFinite(values.year) ? values.year : null,
              set: (values.set as string | null) ?? null,
              grader: (values.grader as never) ?? null,
              minGrade: typeof values.minGrade === 'number' && Number.isFinite(values.minGrade) ? values.minGrade : null,
              budgetBand: cents ? budgetBand(cents) : '—',
              deadline: current.deadline && !issues.deadline ? current.deadline : null,
              notes: (values.notes as string | null) ?? null,
              postedAt: now.toISOString(),
            }}
          />
        </aside>
      </div>
    </div>
  );
}
