import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { supportContactSchema, type SupportContact } from '#common/settings.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useSaveSettingsSection } from '../api/save-settings-section.ts';
import { saveSection, SectionCard, useFollowSaved } from '../section-card.tsx';

/** Support contact: where members are told to write or call. */
export function SupportSection({ value }: { value: SupportContact }) {
  const save = useSaveSettingsSection('support');
  const form = useForm<SupportContact>({ resolver: zodResolver(supportContactSchema), defaultValues: value });
  useFollowSaved(form, value);
  const { control, register } = form;
  const submit = form.handleSubmit((v) =>
    saveSection(form, () => save.mutateAsync(v), { reset: (r) => r.value, description: 'Members see the new support contact.' }),
  );
  return (
    <SectionCard
      title="Support contact"
      description="Shown to members who need help with their account."
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      saveLabel="Save support contact"
    >
      <FormField control={control} name="email" label="Support email">
        <Input type="email" autoComplete="off" {...register('email')} />
      </FormField>
      <FormField control={control} name="phone" label="Support phone">
        <Input type="tel" autoComplete="off" {...register('phone')} />
      </FormField>
      <FormField control={control} name="hours" label="Opening hours" className="sm:col-span-2">
        <Input autoComplete="off" {...register('hours')} />
      </FormField>
    </SectionCard>
  );
}
