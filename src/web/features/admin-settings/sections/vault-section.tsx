import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { VaultSettings } from '#common/vault.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useSaveSettingsSection } from '../api/save-settings-section.ts';
import { saveSection, SectionCard, useFollowSaved } from '../section-card.tsx';
import { toVaultForm, vaultFormSchema, type VaultFormInput } from '../settings-form.ts';

const addressFields = [
  ['name', 'Addressee'],
  ['line1', 'Street address'],
  ['line2', 'Suite (optional)'],
  ['city', 'City'],
  ['state', 'State'],
  ['postalCode', 'ZIP code'],
  ['country', 'Country'],
] as const;

/** The vault: where members ship cards for intake, and the outtake fee. */
export function VaultSection({ value }: { value: VaultSettings }) {
  const save = useSaveSettingsSection('vault');
  const form = useForm<VaultFormInput, unknown, VaultSettings>({ resolver: zodResolver(vaultFormSchema), defaultValues: toVaultForm(value) });
  useFollowSaved(form, toVaultForm(value));
  const { control, register } = form;
  const submit = form.handleSubmit((v) =>
    saveSection(form, () => save.mutateAsync(v), {
      reset: (r) => toVaultForm(r.value),
      description: 'New intakes show the new address; new outtakes are quoted with the new fee.',
    }),
  );
  return (
    <SectionCard
      title="Vault"
      description="Open intakes show the address in force; outtakes already requested keep the fee they were quoted."
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      saveLabel="Save vault settings"
    >
      {addressFields.map(([name, label]) => (
        <FormField key={name} control={control} name={`shippingAddress.${name}`} label={`Intake address: ${label.toLowerCase()}`}>
          <Input {...register(`shippingAddress.${name}`)} />
        </FormField>
      ))}
      <FormField control={control} name="outtakeFeeBps" label="Outtake fee (% of each card’s value)" description="1 is 1%.">
        <Input inputMode="decimal" className="tabular" {...register('outtakeFeeBps')} />
      </FormField>
      <FormField control={control} name="outtakeFeeCapCents" label="Outtake fee cap per card (USD)">
        <Input inputMode="decimal" className="tabular" {...register('outtakeFeeCapCents')} />
      </FormField>
      <FormField control={control} name="outtakeMaxCards" label="Cards per outtake, at most">
        <Input inputMode="numeric" className="tabular" {...register('outtakeMaxCards')} />
      </FormField>
    </SectionCard>
  );
}
