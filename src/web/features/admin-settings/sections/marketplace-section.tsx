import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { FeeTemplateOption, MarketplaceSettings } from '#common/settings.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useSaveSettingsSection } from '../api/save-settings-section.ts';
import { saveSection, SectionCard, useFollowSaved } from '../section-card.tsx';
import { marketplaceFormSchema, toMarketplaceForm, type MarketplaceFormInput } from '../settings-form.ts';
import { TemplateSelect } from './template-select.tsx';

/** The Private MarketPlace: how long a reservation holds a card, and the fee withheld from sellers. */
export function MarketplaceSection({ value, templates }: { value: MarketplaceSettings; templates: FeeTemplateOption[] }) {
  const save = useSaveSettingsSection('marketplace');
  const form = useForm<MarketplaceFormInput, unknown, MarketplaceSettings>({
    resolver: zodResolver(marketplaceFormSchema),
    defaultValues: toMarketplaceForm(value),
  });
  useFollowSaved(form, toMarketplaceForm(value));
  const { control, register } = form;
  const submit = form.handleSubmit((v) =>
    saveSection(form, () => save.mutateAsync(v), {
      reset: (r) => toMarketplaceForm(r.value),
      description: 'New reservations and sales follow the new settings.',
    }),
  );
  return (
    <SectionCard
      title="Private MarketPlace"
      description="Reservations already held keep their time; sales settle with the template in force when paid."
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      saveLabel="Save marketplace settings"
    >
      <FormField
        control={control}
        name="reservationMinutes"
        label="A reservation holds a card for (minutes)"
        description="From 5 to 120 minutes, while the buyer pays."
      >
        <Input inputMode="numeric" className="tabular" {...register('reservationMinutes')} />
      </FormField>
      <FormField
        control={control}
        name="offerExpiryDays"
        label="An offer stays open for (days)"
        description="From 1 to 30 days, unless the seller answers first."
      >
        <Input inputMode="numeric" className="tabular" {...register('offerExpiryDays')} />
      </FormField>
      <FormField control={control} name="saleFeeTemplateId" label="Sale fee template" description="Withheld from the seller's proceeds.">
        {(p) => (
          <Controller
            control={control}
            name="saleFeeTemplateId"
            render={({ field }) => (
              <TemplateSelect
                templates={templates}
                appliesTo="sale"
                value={field.value}
                onChange={field.onChange}
                defaultLabel="First active sale template"
                control={p}
              />
            )}
          />
        )}
      </FormField>
    </SectionCard>
  );
}
