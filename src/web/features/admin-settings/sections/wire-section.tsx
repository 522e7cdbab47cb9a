import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { OnboardingSettings } from '#common/onboarding.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useSaveSettingsSection } from '../api/save-settings-section.ts';
import { saveSection, SectionCard, useFollowSaved } from '../section-card.tsx';
import { fromWireForm, toWireForm, wireFormSchema, type WireFormInput, type WireFormValues } from '../settings-form.ts';

/** Wire instructions, shown to investment clients at the deposit step. */
export function WireSection({ value }: { value: OnboardingSettings }) {
  const save = useSaveSettingsSection('onboarding');
  const form = useForm<WireFormInput, unknown, WireFormValues>({ resolver: zodResolver(wireFormSchema), defaultValues: toWireForm(value) });
  useFollowSaved(form, toWireForm(value));
  const { control, register } = form;
  const submit = form.handleSubmit((v) =>
    saveSection(form, () => save.mutateAsync({ wireInstructions: fromWireForm(v) }), {
      reset: (r) => toWireForm(r.value),
      description: 'Clients see the new wire instructions right away.',
    }),
  );
  return (
    <SectionCard
      title="Wire instructions"
      description={
        <>
          Shown to investment clients at the deposit step, with their amount and reference.
          {value.wireInstructions === null && ' Until they are set, clients are told their portfolio manager will send them.'}
        </>
      }
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      saveLabel="Save wire instructions"
    >
      <FormField control={control} name="wire.beneficiaryName" label="Beneficiary">
        <Input autoComplete="off" {...register('wire.beneficiaryName')} />
      </FormField>
      <FormField control={control} name="wire.beneficiaryAddress" label="Beneficiary address">
        <Input autoComplete="off" {...register('wire.beneficiaryAddress')} />
      </FormField>
      <FormField control={control} name="wire.bankName" label="Bank">
        <Input autoComplete="off" {...register('wire.bankName')} />
      </FormField>
      <FormField control={control} name="wire.bankAddress" label="Bank address">
        <Input autoComplete="off" {...register('wire.bankAddress')} />
      </FormField>
      <FormField control={control} name="wire.routingNumber" label="Routing (ABA)">
        <Input autoComplete="off" inputMode="numeric" {...register('wire.routingNumber')} />
      </FormField>
      <FormField control={control} name="wire.accountNumber" label="Account number">
        <Input autoComplete="off" {...register('wire.accountNumber')} />
      </FormField>
      <FormField control={control} name="wire.swiftCode" label="SWIFT">
        <Input autoComplete="off" className="uppercase" {...register('wire.swiftCode')} />
      </FormField>
      <FormField control={control} name="wire.note" label="Note for clients" className="sm:col-span-2">
        <Textarea rows={2} {...register('wire.note')} />
      </FormField>
    </SectionCard>
  );
}
