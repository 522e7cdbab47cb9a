import { useEffect, useId, useState } from 'react';
import { Lock } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { graderLabels, graders, sportLabels, sports, type CardSource, type CreateCardInput } from '#common/cards.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { cardFormResolver, emptyCardValues, formFieldFor, toCardInput, type CardFormValues } from './card-form-values.ts';

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs sm:text-sm focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/30';

export interface CardFormProps {
  defaultValues?: Partial<CardFormValues>;
  /** Saves the card; a thrown error keeps the form and everything typed in it. */
  onSubmit: (input: CreateCardInput) => Promise<void>;
  submitLabel: string;
  onCancel?: () => void;
  cancelLabel?: string;
  /** Only the changed fields are sent (editing). */
  changedOnly?: boolean;
  /** Where the details came from, recorded with a new card. */
  source?: CardSource;
  /** The field to focus on opening (after a PSA prefill, the value still to type). */
  autoFocusField?: keyof CardFormValues;
  /**
   * Why the card's identity and value cannot be changed now (it is held: listed, pledged…,
   * decision 128). Those fields are shown read-only with this reason; sport stays editable.
   */
  lockedReason?: string | null;
}

/** The card's fields, validated by the shared card schema; server errors land on their fields. */
export function CardForm({
  defaultValues,
  onSubmit,
  submitLabel,
  onCancel,
  cancelLabel = 'Cancel',
  changedOnly = false,
  source = 'manual',
  autoFocusField,
  lockedReason,
}: CardFormProps) {
  const locked = !!lockedReason;
  const lockId = useId();
  const form = useForm<CardFormValues>({ resolver: cardFormResolver, defaultValues: { ...emptyCardValues, ...defaultValues } });
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, register, watch, formState } = form;
  const raw = watch('grader') === 'raw';
  useEffect(() => {
    if (autoFocusField) form.setFocus(autoFocusField);
    // Once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    const input = toCardInput(values, source);
    let body: Partial<CreateCardInput> = input;
    if (changedOnly) {
      // Compared with what the form opened with, after the same conversion.
      const before = toCardInput({ ...emptyCardValues, ...defaultValues }, source) as Record<string, unknown>;
      body = Object.fromEntries(Object.entries(input).filter(([k, v]) => k !== 'source' && v !== before[k])) as Partial<CreateCardInput>;
    }
    try {
      await onSubmit(body as CreateCardInput);
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors : undefined;
      let placed = false;
      for (const [path, messages] of Object.entries(fieldErrors ?? {})) {
        const f = formFieldFor(path);
        if (f && messages[0]) {
          form.setError(f, { message: messages[0] }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed && err instanceof ApiError && err.status === 409 && /certificate/i.test(errorMessage(err, ''))) {
        form.setError('certNumber', { message: errorMessage(err, '') }, { shouldFocus: true });
        placed = true;
      }
      if (!placed) setServerError(errorMessage(err, 'We could not save the card. Please try again.'));
    }
  });

  // A locked field is read-only (its value is still the card's, so nothing changes on save).
  const text = (name: keyof CardFormValues, label: string, props: Record<string, unknown> = {}, className?: string) => (
    <FormField control={control} name={name} label={label} className={className} describedBy={locked ? lockId : undefined}>
      <Input
        {...register(name)}
        {...props}
        {...(locked ? { readOnly: true, 'aria-readonly': true, className: 'bg-muted text-muted-foreground' } : {})}
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Card details">
      {locked && (
        <p id={lockId} data-testid="card-locked" className="flex items-start gap-2 rounded-md border bg-muted/60 px-3 py-2 text-sm">
          <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{lockedReason}. You can still change its sport and photos; if something else is wrong, tell our team and we will correct it.</span>
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={control} name="grader" label="Grader" describedBy={locked ? lockId : undefined}>
          {locked ? (
            <Input readOnly aria-readonly value={graderLabels[watch('grader')] ?? ''} className="bg-muted text-muted-foreground" />
          ) : (
            <select {...register('grader')} className={selectClass}>
              {graders.map((g) => (
                <option key={g} value={g}>
                  {g === 'raw' ? 'Raw (ungraded)' : graderLabels[g]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {!raw && text('certNumber', 'Certificate number', { inputMode: 'numeric', autoComplete: 'off', maxLength: 10 })}
        {text('grade', raw ? 'Condition (optional)' : 'Grade', { placeholder: raw ? 'e.g. Near mint' : 'e.g. GEM MT 10', autoComplete: 'off' })}
        {text('year', 'Year', { inputMode: 'numeric', maxLength: 4, autoComplete: 'off' })}
        {text('subject', 'Player', { autoComplete: 'off' }, 'sm:col-span-2')}
        {text('brand', 'Set', { placeholder: 'e.g. 1952 Topps', autoComplete: 'off' }, 'sm:col-span-2')}
        {text('cardNumber', 'Card number (optional)', { autoComplete: 'off' })}
        {text('variety', 'Variety (optional)', { autoComplete: 'off' })}
        <FormField control={control} name="sport" label="Sport">
          <select {...register('sport')} className={selectClass}>
            <option value="">Choose…</option>
            {sports.map((sp) => (
              <option key={sp} value={sp}>
                {sportLabels[sp]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          control={control}
          name="estimatedValue"
          label="Estimated value (USD)"
          description={locked ? undefined : 'What it would sell for today; leave blank if you are not sure.'}
          describedBy={locked ? lockId : undefined}
        >
          {(p) => (
            <div className="relative">
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground" aria-hidden="true">
                $
              </span>
              <Input
                {...register('estimatedValue')}
                {...p}
                inputMode="decimal"
                autoComplete="off"
                className={cn('tabular pl-7', locked && 'bg-muted text-muted-foreground')}
                readOnly={locked}
                aria-readonly={locked || undefined}
              />
            </div>
          )}
        </FormField>
      </div>
      {serverError && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {/[.!?]$/.test(serverError) ? serverError : `${serverError}.`} Your entries are still here.
        </p>
      )}
      <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end')}>
        {onCancel && (
          <Button variant="outline" onClick={onCancel} disabled={formState.isSubmitting}>
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" variant="crimson" disabled={formState.isSubmitting}>
          {formState.isSubmitting && <Spinner size="sm" label="Saving" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
