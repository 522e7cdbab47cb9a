import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { LendingPolicy } from '#common/lending.ts';
import type { FeeTemplateOption } from '#common/settings.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useSaveSettingsSection } from '../api/save-settings-section.ts';
import { saveSection, SectionCard, useFollowSaved } from '../section-card.tsx';
import { lendingFormSchema, toLendingForm, type LendingFormInput } from '../settings-form.ts';
import { TemplateSelect } from './template-select.tsx';

const TERM_CHOICES = [3, 6, 12] as const;

/** The lending policy members read on /lend before they apply. */
export function LendingSection({ value, templates }: { value: LendingPolicy; templates: FeeTemplateOption[] }) {
  const save = useSaveSettingsSection('lending');
  const form = useForm<LendingFormInput, unknown, LendingPolicy>({ resolver: zodResolver(lendingFormSchema), defaultValues: toLendingForm(value) });
  useFollowSaved(form, toLendingForm(value));
  const { control, register } = form;
  const submit = form.handleSubmit((v) =>
    saveSection(form, () => save.mutateAsync(v), {
      reset: (r) => toLendingForm(r.value),
      description: 'New quotes and applications follow the new policy.',
    }),
  );
  return (
    <SectionCard
      title="Lending policy"
      description="Published on /lend before anyone applies. Loans already offered or funded keep their terms."
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      saveLabel="Save lending policy"
      contentClassName="sm:grid-cols-2 lg:grid-cols-3"
    >
      <FormField control={control} name="maxLtvBps" label="Maximum loan-to-value (%)" description="Of the collateral's estimated value.">
        <Input inputMode="decimal" className="tabular" {...register('maxLtvBps')} />
      </FormField>
      <FormField control={control} name="minLoanCents" label="Minimum loan (USD)">
        <Input inputMode="decimal" className="tabular" {...register('minLoanCents')} />
      </FormField>
      <FormField control={control} name="graceDays" label="Grace after a due date (days)" description="Before the loan defaults.">
        <Input inputMode="numeric" className="tabular" {...register('graceDays')} />
      </FormField>
      <FormField control={control} name="aprMinBps" label="Lowest APR (%)">
        <Input inputMode="decimal" className="tabular" {...register('aprMinBps')} />
      </FormField>
      <FormField control={control} name="aprMaxBps" label="Highest APR (%)">
        <Input inputMode="decimal" className="tabular" {...register('aprMaxBps')} />
      </FormField>
      <FormField control={control} name="originationFeeTemplateId" label="Origination fee template">
        {(p) => (
          <Controller
            control={control}
            name="originationFeeTemplateId"
            render={({ field }) => (
              <TemplateSelect
                templates={templates}
                appliesTo="loan"
                value={field.value}
                onChange={field.onChange}
                defaultLabel="First active loan template"
                control={p}
              />
            )}
          />
        )}
      </FormField>
      <FormField control={control} name="offerValidDays" label="An offer stays open (days)">
        <Input inputMode="numeric" className="tabular" {...register('offerValidDays')} />
      </FormField>
      <FormField control={control} name="defaultNoticeDays" label="Notice after default (days)" description="Before the collateral may be listed.">
        <Input inputMode="numeric" className="tabular" {...register('defaultNoticeDays')} />
      </FormField>
      <FormField control={control} name="terms" label="Terms offered (months)">
        {(p) => (
          <Controller
            control={control}
            name="terms"
            render={({ field }) => (
              <div role="group" aria-labelledby={`${p.id}-label`} aria-describedby={p['aria-describedby']} className="flex flex-wrap gap-4 pt-1">
                <span id={`${p.id}-label`} className="sr-only">
                  Terms offered (months)
                </span>
                {TERM_CHOICES.map((m, i) => {
                  const id = i === 0 ? p.id : `${p.id}-${m}`;
                  const checked = field.value.includes(m);
                  return (
                    <div key={m} className="flex items-center gap-2">
                      <Checkbox
                        id={id}
                        checked={checked}
                        aria-invalid={p['aria-invalid']}
                        onCheckedChange={(on) => field.onChange(on ? [...field.value, m].sort((a, b) => a - b) : field.value.filter((x) => x !== m))}
                      />
                      <Label htmlFor={id} className="font-normal">
                        {m} months
                      </Label>
                    </div>
                  );
                })}
              </div>
            )}
          />
        )}
      </FormField>
    </SectionCard>
  );
}
