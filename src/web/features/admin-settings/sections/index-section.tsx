import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { indexWeightings, rebalanceCadenceLabels, rebalanceCadences, weightingLabels } from '#common/market-index.ts';
import { indexSectionSchema, type IndexSection as IndexValue } from '#common/settings.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { useSaveSettingsSection } from '../api/save-settings-section.ts';
import { saveSection, SectionCard, useFollowSaved } from '../section-card.tsx';

/** The market index: how members are weighted and how often the membership is reviewed. */
export function IndexSection({ value }: { value: IndexValue }) {
  const save = useSaveSettingsSection('index');
  const form = useForm<IndexValue>({ resolver: zodResolver(indexSectionSchema), defaultValues: value });
  useFollowSaved(form, value);
  const { control } = form;
  const submit = form.handleSubmit((v) =>
    saveSection(form, () => save.mutateAsync({ weighting: v.weighting, rebalanceCadence: v.rebalanceCadence }), {
      reset: (r) => r.value,
      description: 'The published series was rebuilt with the new method.',
    }),
  );
  return (
    <SectionCard
      title="Market index"
      description="Saving rebuilds every published level from the base date. The base date and staleness rule are on the index page."
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      saveLabel="Save and rebuild the index"
    >
      <FormField control={control} name="weighting" label="Weighting">
        {(p) => (
          <Controller
            control={control}
            name="weighting"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger {...p} className="w-full min-w-0">
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
      <FormField
        control={control}
        name="rebalanceCadence"
        label="Scheduled reviews"
        description="On the 1st of the month; admins may also review at any time."
      >
        {(p) => (
          <Controller
            control={control}
            name="rebalanceCadence"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger {...p} className="w-full min-w-0">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {rebalanceCadences.map((c) => (
                    <SelectItem key={c} value={c}>
                      {rebalanceCadenceLabels[c]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        )}
      </FormField>
    </SectionCard>
  );
}
