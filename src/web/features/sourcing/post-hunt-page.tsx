import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { graderLabels, graders, sportLabels, sports, type Sport } from '#common/cards.ts';
import { budgetBand, createHuntSchema, deadlineIssue, type CreateHuntValues } from '#common/hunts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
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

/** /source/post: the hunt form, checked as you go, beside a preview of its board card. */
export default function PostHuntPage() {
  const id = useId();
  const [, navigate] = useLocation();
  const create = useCreateHunt();
  const [form, setForm] = useState<Form>(empty);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const now = useMemo(() => new Date(), []);
  const issues = issuesOf(form, now);
  const shown = (k: keyof Form) => (touched[k] ? (issues[k] ?? serverErrors[k]) : undefined);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const blur = (k: keyof Form) => () => setTouched((t) => ({ ...t, [k]: true }));
  const values = toValues(form);
  const cents = typeof values.maxBudgetCents === 'number' && values.maxBudgetCents > 0 ? values.maxBudgetCents : 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(Object.fromEntries(Object.keys(empty).map((k) => [k, true])));
    if (Object.keys(issues).length) return;
    try {
      await create.mutateAsync(createHuntSchema.parse(values) as CreateHuntValues);
      toast({ title: 'Hunt posted', description: 'The team reviews it before it appears on the board.' });
      navigate('/source?tab=hunts');
    } catch (err) {
      const fields = err instanceof ApiError ? ((err.body as { fieldErrors?: Record<string, string[]> })?.fieldErrors ?? {}) : {};
      setServerErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k === 'maxBudgetCents' ? 'budget' : k, v[0]!])));
      toast({ title: 'The hunt could not be posted', description: errorMessage(err, 'Try again.'), variant: 'destructive' });
    }
  }

  const field = (k: keyof Form, label: string, control: ReactNode, hint?: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${k}`}>{label}</Label>
      {control}
      {shown(k) ? (
        <p id={`${id}-${k}-err`} className="text-sm text-destructive">
          {shown(k)}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  );
  const input = (k: keyof Form, props: Record<string, unknown> = {}) => (
    <Input
      id={`${id}-${k}`}
      value={form[k]}
      onChange={set(k)}
      onBlur={blur(k)}
      aria-invalid={!!shown(k)}
      aria-describedby={shown(k) ? `${id}-${k}-err` : undefined}
      {...props}
    />
  );

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Sourcing"
        title="Post a hunt"
        description="Describe the card you want. Your name and exact budget are never shown on the board."
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <form onSubmit={submit} noValidate className="grid gap-4 rounded-xl border bg-card p-5 sm:grid-cols-2" aria-label="Hunt">
          {field('player', 'Player', input('player', { maxLength: 200, placeholder: 'Luka Doncic' }))}
          {field(
            'sport',
            'Sport',
            <select id={`${id}-sport`} className={selectClass} value={form.sport} onChange={set('sport')}>
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
            <select id={`${id}-grader`} className={selectClass} value={form.grader} onChange={set('grader')}>
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
          <div className="sm:col-span-2">
            {field(
              'notes',
              'Notes (optional)',
              <Textarea id={`${id}-notes`} value={form.notes} onChange={set('notes')} onBlur={blur('notes')} maxLength={1000} rows={3} />,
            )}
          </div>
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
              sport: form.sport,
              player: form.player.trim(),
              year: typeof values.year === 'number' && Number.isFinite(values.year) ? values.year : null,
              set: (values.set as string | null) ?? null,
              grader: (values.grader as never) ?? null,
              minGrade: typeof values.minGrade === 'number' && Number.isFinite(values.minGrade) ? values.minGrade : null,
              budgetBand: cents ? budgetBand(cents) : '—',
              deadline: form.deadline && !issues.deadline ? form.deadline : null,
              notes: (values.notes as string | null) ?? null,
              postedAt: now.toISOString(),
            }}
          />
        </aside>
      </div>
    </div>
  );
}
