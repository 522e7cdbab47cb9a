import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { indexSettingsSchema, indexWeightings, weightingLabels, type IndexSettings } from '#common/market-index.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useDivisorLog } from './api/get-divisor-log.ts';
import { useUpdateIndexSettings } from './api/update-index-settings.ts';

// A field's column never grows past the form's: a long weighting name is cut short in its select
// rather than widening the page on a phone.
const FIELD = 'grid-cols-[minmax(0,1fr)]';

/**
 * The method's settings: weighting, base date and the staleness rule. Saving rebuilds the whole
 * published series, so it asks first.
 */
export function IndexSettingsPanel() {
  const current = useDivisorLog();
  const update = useUpdateIndexSettings();
  const [pending, setPending] = useState<IndexSettings | null>(null);
  const form = useForm<IndexSettings>({ resolver: zodResolver(indexSettingsSchema), defaultValues: current.data?.settings });
  const loaded = current.data?.settings;
  useEffect(() => {
    if (loaded) form.reset(loaded);
  }, [loaded, form]);

  const save = (values: IndexSettings) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast({ title: 'Method updated', description: 'The series was rebuilt from the observations.' });
      },
      onError: (err) => {
        const fieldErrors = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors : undefined;
        for (const [name, messages] of Object.entries(fieldErrors ?? {})) form.setError(name as keyof IndexSettings, { message: messages[0] });
        toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(err, 'The settings could not be saved') });
      },
    });

  return (
    <section className="grid gap-3 rounded-xl border bg-card p-4 sm:p-6" aria-labelledby="index-settings-heading">
      <h2 id="index-settings-heading" className="text-lg font-semibold">
        Method settings
      </h2>
      <p className="text-sm text-muted-foreground">
        Published on the method page. Saving recomputes every level from the base date; the divisor log records the change.
      </p>
      {!loaded ? (
        current.isError ? (
          <p className="text-sm text-destructive">The settings could not be loaded.</p>
        ) : (
          <div aria-busy="true" className="grid gap-2">
            <span className="sr-only" role="status">
              Loading the settings
            </span>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )
      ) : (
        <form
          noValidate
          className="grid grid-cols-1 gap-4 md:grid-cols-3 md:items-start [&>*]:min-w-0"
          onSubmit={form.handleSubmit((v) => setPending(v))}
          aria-label="Method settings"
        >
          <FormField control={form.control} name="weighting" className={FIELD} label="Weighting">
            {(p) => (
              <Controller
                control={form.control}
                name="weighting"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger {...p} aria-label="Weighting">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {indexWeightings.map((w) => (
                        <SelectItem key={w} value={w}>
                          {weightingLabels[w]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </FormField>
          <FormField control={form.control} name="baseDate" className={FIELD} label="Base date (level 1,000)">
            <Input type="date" {...form.register('baseDate')} />
          </FormField>
          <FormField
            control={form.control}
            name="staleAfterDays"
            className={FIELD}
            label="A price is stale after (days)"
            description="From 7 to 365."
          >
            <Input type="number" inputMode="numeric" min={7} max={365} {...form.register('staleAfterDays', { valueAsNumber: true })} />
          </FormField>
          <div className="md:col-span-3">
            <Button type="submit" disabled={update.isPending || !form.formState.isDirty}>
              {update.isPending ? 'Rebuilding…' : 'Save and rebuild'}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title="Rebuild the index?"
        description="Every published level is recomputed with these settings. The level on the base date becomes 1,000."
        confirmLabel="Save and rebuild"
        onConfirm={() => {
          if (pending) save(pending);
          setPending(null);
        }}
      />
    </section>
  );
}
