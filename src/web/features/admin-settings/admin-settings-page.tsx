import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { OnboardingSettings } from '#common/onboarding.ts';
import { FormField } from '#web/components/form-field.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useOnboardingSettings } from './api/get-onboarding-settings.ts';
import { useSaveOnboardingSettings } from './api/save-onboarding-settings.ts';
import { fromSettingsForm, settingsFormSchema, toSettingsForm, type SettingsFormInput, type SettingsFormValues } from './settings-form.ts';

function OnboardingSettingsForm({ settings }: { settings: OnboardingSettings }) {
  const save = useSaveOnboardingSettings();
  const form = useForm<SettingsFormInput, unknown, SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: toSettingsForm(settings),
  });
  const { control, register } = form;
  const unset = settings.wireInstructions === null;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(fromSettingsForm(values));
      form.reset(toSettingsForm(saved));
      toast({ title: 'Settings saved', description: 'Clients see the new wire instructions and tiers right away.' });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(err, 'Please check the fields and try again.') });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6" aria-label="Wire instructions and tiers">
      <Card>
        <CardHeader>
          <CardTitle>Wire instructions</CardTitle>
          <CardDescription>
            Shown to investment clients at the deposit step, with their amount and reference.
            {unset && ' Until they are set, clients are told their portfolio manager will send them.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 sm:grid-cols-2">
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
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Investment tiers</CardTitle>
          <CardDescription>The minimum applies to clients who choose a tier from now on; earlier choices keep theirs.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {settings.tiers.map((t, i) => (
            <fieldset key={t.id} className="grid gap-4 border-t pt-5 first:border-t-0 first:pt-0 sm:grid-cols-[1fr_12rem]">
              <legend className="sr-only">{t.name} tier</legend>
              <FormField control={control} name={`tiers.${i}.name`} label="Tier name">
                <Input {...register(`tiers.${i}.name`)} />
              </FormField>
              <FormField control={control} name={`tiers.${i}.minimum`} label={`Minimum (USD)`}>
                <Input inputMode="decimal" className="tabular" {...register(`tiers.${i}.minimum`)} />
              </FormField>
              <FormField control={control} name={`tiers.${i}.description`} label="Description" className="sm:col-span-2">
                <Textarea rows={2} {...register(`tiers.${i}.description`)} />
              </FormField>
            </fieldset>
          ))}
        </CardContent>
      </Card>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" disabled={!form.formState.isDirty || save.isPending} onClick={() => form.reset()}>
          Discard changes
        </Button>
        <Button type="submit" variant="crimson" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          Save settings
        </Button>
      </div>
    </form>
  );
}

/** /admin/settings: platform settings; its first section holds wire instructions and tiers. */
export default function AdminSettingsPage() {
  const settings = useOnboardingSettings();
  return (
    <div className="grid gap-6 px-4 py-8 sm:px-8">
      <PageHeader eyebrow="Admin" title="Settings" description="Platform settings. Changes are recorded in the audit log." />
      <PageQuery query={settings} loadingLabel="Loading settings" errorTitle="We couldn't load the settings">
        {(data) => <OnboardingSettingsForm settings={data} />}
      </PageQuery>
    </div>
  );
}
