import { useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useFeeTemplates } from './api/get-fee-templates.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { draftsFromTemplate, type DraftLine } from './lines.ts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/** Appends a template's lines, its percentages priced on the amount typed here. */
export function AddFromTemplate({ onAdd, disabled }: { onAdd: (lines: DraftLine[]) => void; disabled?: boolean }) {
  const id = useId();
  const templates = useFeeTemplates();
  const [templateId, setTemplateId] = useState('');
  const [base, setBase] = useState('');
  const template = templates.data?.templates.find((t) => t.id === templateId);
  const needsBase = !!template?.lines.some((l) => l.type === 'bps');
  const baseCents = parseDollarsToCents(base);
  const ready = !!template && (!needsBase || baseCents !== null);
  return (
    <fieldset className="grid gap-2 rounded-lg border border-dashed p-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end" disabled={disabled}>
      <legend className="px-1 text-xs font-medium text-muted-foreground">Add from a template</legend>
      <label htmlFor={`${id}-t`} className="grid gap-1 text-xs text-muted-foreground">
        Template
        <select id={`${id}-t`} className={selectClass} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
          <option value="">{templates.isPending ? 'Loading…' : templates.isError ? 'Templates could not load' : 'Choose a template'}</option>
          {templates.data?.templates
            .filter((t) => t.active)
            .map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
        </select>
      </label>
      <label htmlFor={`${id}-b`} className="grid gap-1 text-xs text-muted-foreground">
        Of amount ($)
        <Input
          id={`${id}-b`}
          inputMode="decimal"
          value={base}
          onChange={(e) => setBase(e.target.value)}
          placeholder={needsBase ? 'Required' : 'Not needed'}
          disabled={!needsBase}
        />
      </label>
      <Button
        type="button"
        variant="outline"
        disabled={!ready}
        onClick={() => {
          if (!template) return;
          onAdd(draftsFromTemplate(template.lines, baseCents ?? 0));
          setTemplateId('');
        }}
      >
        <Plus aria-hidden="true" /> Add lines
      </Button>
    </fieldset>
  );
}
