import { useState, type FormEvent } from 'react';
import { graders, sportLabels, sports, type Grader, type Sport } from '#common/cards.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useCreateConstituent } from './api/create-constituent.ts';

const empty = { player: '', year: '', set: '', cardNumber: '', variety: '', grader: 'PSA' as Grader, grade: '10', sport: 'baseball' as Sport };
const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

/** A new card identity; it enters the index at the first review where it is eligible. */
export function AddConstituentForm() {
  const [v, setV] = useState(empty);
  const mutation = useCreateConstituent();
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate(
      {
        player: v.player,
        year: Number(v.year),
        set: v.set,
        cardNumber: v.cardNumber,
        variety: v.variety.trim() || null,
        grader: v.grader,
        grade: Number(v.grade),
        sport: v.sport,
      },
      {
        onSuccess: () => {
          toast({ title: 'Constituent added', description: `${v.year} ${v.set} ${v.player}` });
          setV(empty);
        },
        onError: (err) => toast({ variant: 'destructive', title: 'Not added', description: errorMessage(err, 'The constituent could not be added') }),
      },
    );
  };
  const field = (label: string, k: keyof typeof empty, extra: Record<string, unknown> = {}) => (
    <label className="grid gap-1 text-xs text-muted-foreground">
      {label}
      <Input value={v[k]} onChange={set(k)} {...extra} />
    </label>
  );
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6" aria-label="Add a constituent">
      <h2 className="text-lg font-semibold">Add a constituent</h2>
      <div className="grid gap-3 sm:grid-cols-4">
        {field('Player', 'player', { required: true })}
        {field('Year', 'year', { required: true, inputMode: 'numeric' })}
        {field('Set', 'set', { required: true })}
        {field('Card number', 'cardNumber', { required: true })}
        {field('Variety', 'variety')}
        <label className="grid gap-1 text-xs text-muted-foreground">
          Grader
          <select value={v.grader} onChange={set('grader')} className={selectClass}>
            {graders
              .filter((g) => g !== 'raw')
              .map((g) => (
                <option key={g}>{g}</option>
              ))}
          </select>
        </label>
        {field('Grade', 'grade', { required: true, inputMode: 'decimal' })}
        <label className="grid gap-1 text-xs text-muted-foreground">
          Sport
          <select value={v.sport} onChange={set('sport')} className={selectClass}>
            {sports.map((s) => (
              <option key={s} value={s}>
                {sportLabels[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div>
        <Button type="submit" disabled={mutation.isPending}>
          Add constituent
        </Button>
      </div>
    </form>
  );
}
