import type { FeeTemplateOption } from '#common/settings.ts';
import type { FieldControlProps } from '#web/components/form-field.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx';
import { DEFAULT_TEMPLATE } from '../settings-form.ts';

/** A fee template picker: the templates that apply to `appliesTo`, or the first active one of them. */
export function TemplateSelect({
  templates,
  appliesTo,
  value,
  onChange,
  defaultLabel,
  control,
}: {
  templates: FeeTemplateOption[];
  appliesTo: string;
  value: string;
  onChange: (v: string) => void;
  defaultLabel: string;
  control: FieldControlProps;
}) {
  const options = templates.filter((t) => t.appliesTo === appliesTo);
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger {...control} className="w-full min-w-0">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={DEFAULT_TEMPLATE}>{defaultLabel}</SelectItem>
        {options.map((t) => (
          <SelectItem key={t.id} value={t.id}>
            {t.name}
            {!t.active && ' (inactive)'}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
