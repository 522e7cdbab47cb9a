import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { OnboardingSettings } from '#common/onboarding.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useSaveSettingsSection } from '../api/save-settings-section.ts';
import { saveSection, SectionCard, useFollowSaved } from '../section-card.tsx';
import { fromTiersForm, tiersFormSchema, toTiersForm, type TiersFormInput, type TiersFormValues } from '../settings-form.ts';

/** The three investment tiers and their minimums. */
export function TiersSection({ value }: { value: OnboardingSettings }) {
  const save = useSaveSettingsSection('onboarding');
  const form = useForm<TiersFormInput, unknown, TiersFormValues>({ resolver: zodResolver(tiersFormSchema), defaultValues: toTiersForm(value) });
  useFollowSaved(form, toTiersForm(value));
  const { control, register } = form;
  const submit = form.handleSubmit((v) =>
    saveSection(form, () => save.mutateAsync({ tiers: fromTiersForm(v) }), {
      reset: (r) => toTiersForm(r.value),
      description: 'New clients choose from the new tiers.',
    }),
  );
  return (
    <SectionCard
      title="Investment tiers"
      description="The minimum applies to clients who choose a tier from now on; earlier choices keep theirs."
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      saveLabel="Save tiers"
      contentClassName="gap-6"
    >
      {value.tiers.map((t, i) => (
        <fieldset key={t.id} className="grid gap-4 border-t pt-5 first:border-t-0 first:pt-0 sm:grid-cols-[1fr_12rem]">
          <legend className="sr-only">{t.name} tier</legend>
          <FormField control={control} name={`tiers.${i}.name`} label="Tier name">
            <Input {...register(`tiers.${i}.name`)} />
          </FormField>
          <FormField control={control} name={`tiers.${i}.minimum`} label="Minimum (USD)">
            <Input inputMode="decimal" className="tabular" {...register(`tiers.${i}.minimum`)} />
          </FormField>
          <FormField control={control} name={`tiers.${i}.description`} label="Description" className="sm:col-span-2">
            <Textarea rows={2} {...register(`tiers.${i}.description`)} />
          </FormField>
        </fieldset>
      ))}
    </SectionCard>
  );
}
