import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { graders, sportLabels, sports } from '#common/cards.ts';
import { constituentIdentitySchema } from '#common/market-index.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useCreateConstituent } from './api/create-constituent.ts';

const shape = constituentIdentitySchema.shape;
const typedNumber = <T extends z.ZodType<number, number>>(rule: T) => z.string().trim().transform(Number).pipe(rule);
// The identity as typed (year and grade as text), checked by the server's own schema.
const constituentFormSchema = constituentIdentitySchema.extend({
  year: typedNumber(shape.year),
  grade: typedNumber(shape.grade),
  variety: z
    .string()
    .trim()
    .transform((v) => v || null)
    .pipe(shape.variety),
});
type ConstituentFormInput = z.input<typeof constituentFormSchema>;
type ConstituentFormValues = z.output<typeof constituentFormSchema>;

const empty: ConstituentFormInput = { player: '', year: '', set: '', cardNumber: '', variety: '', grader: 'PSA', grade: '10', sport: 'baseball' };
const fieldNames = ['player', 'year', 'set', 'cardNumber', 'variety', 'grader', 'grade', 'sport'] as const;
const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm';

/** A new card identity; it enters the index at the first review where it is eligible. */
export function AddConstituentForm() {
  const mutation = useCreateConstituent();
  const form = useForm<ConstituentFormInput, unknown, ConstituentFormValues>({ resolver: zodResolver(constituentFormSchema), defaultValues: empty });
  const { control, register } = form;
  const submit = form.handleSubmit(async (v) => {
    try {
      await mutation.mutateAsync(v);
      toast({ title: 'Constituent added', description: `${v.year} ${v.set} ${v.player}` });
      form.reset(empty);
    } catch (err) {
      if (!applyServerFieldErrors(form, err, Object.fromEntries(fieldNames.map((f) => [f, f]))))
        toast({ variant: 'destructive', title: 'Not added', description: errorMessage(err, 'The constituent could not be added') });
    }
  });
  const field = (label: string, k: (typeof fieldNames)[number], extra: Record<string, unknown> = {}) => (
    <FormField control={control} name={k} label={label} className="gap-1">
      <Input {...extra} {...register(k)} />
    </FormField>
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
        <FormField control={control} name="grader" label="Grader" className="gap-1">
          <select className={selectClass} {...register('grader')}>
            {graders
              .filter((g) => g !== 'raw')
              .map((g) => (
                <option key={g}>{g}</option>
              ))}
          </select>
        </FormField>
        {field('Grade', 'grade', { required: true, inputMode: 'decimal' })}
        <FormField control={control} name="sport" label="Sport" className="gap-1">
          <select className={selectClass} {...register('sport')}>
            {sports.map((s) => (
              <option key={s} value={s}>
                {sportLabels[s]}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={mutation.isPending}>
          Add constituent
        </Button>
      </div>
    </form>
  );
}
