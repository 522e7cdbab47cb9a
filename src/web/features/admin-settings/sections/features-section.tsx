import { Controller, useForm } from 'react-hook-form';
import { featureSwitches, featureSwitchLabels, type FeatureSwitches } from '#common/settings.ts';
import { Switch } from '#web/components/ui/switch.tsx';
import { useSaveSettingsSection } from '../api/save-settings-section.ts';
import { saveSection, SectionCard, useFollowSaved } from '../section-card.tsx';

/** What members see: a switched-off feature loses its links and its pages and API answer "not found". */
export function FeaturesSection({ value }: { value: FeatureSwitches }) {
  const save = useSaveSettingsSection('features');
  const form = useForm<FeatureSwitches>({ defaultValues: value });
  useFollowSaved(form, value);
  const submit = form.handleSubmit((v) =>
    saveSection(form, () => save.mutateAsync(v), { reset: (r) => r.value, description: 'Members see the change when their pages next load.' }),
  );
  return (
    <SectionCard
      title="Feature switches"
      description="A feature switched off disappears for members: its links go and its pages are not found. Admins keep it, to check it before switching it on."
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      saveLabel="Save feature switches"
      contentClassName="gap-4 sm:grid-cols-2"
    >
      {featureSwitches.map((f) => {
        const id = `feature-${f}`;
        return (
          <div key={f} className="flex items-start justify-between gap-4 rounded-lg border p-4">
            <div className="grid gap-1">
              <label htmlFor={id} className="text-sm font-medium">
                {featureSwitchLabels[f].label} visible to members
              </label>
              <p id={`${id}-description`} className="text-xs text-muted-foreground">
                {featureSwitchLabels[f].description}
              </p>
            </div>
            <Controller
              control={form.control}
              name={f}
              render={({ field }) => <Switch id={id} checked={field.value} onCheckedChange={field.onChange} aria-describedby={`${id}-description`} />}
            />
          </div>
        );
      })}
    </SectionCard>
  );
}
