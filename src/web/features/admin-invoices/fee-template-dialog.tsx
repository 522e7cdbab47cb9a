import { useEffect, useId, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { placeServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useSaveFeeTemplate } from './api/save-fee-template.ts';
import { feeAppliesTo, type FeeAppliesTo, type FeeLine, type FeeTemplate } from '#common/money.ts';
import { appliesToLabels } from './labels.ts';
import { LineEditor, linesForm, serverLineField } from './line-editor.tsx';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { draftFromFeeLine, emptyLine, feeLineAmount, toFeeLine, type DraftLine } from './lines.ts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

interface TemplateValues {
  name: string;
  appliesTo: FeeAppliesTo;
  active: boolean;
  lines: DraftLine[];
  /** Dollars the lines are priced on in the preview; not saved. */
  sample: string;
}

const valuesOf = (template: FeeTemplate | null): TemplateValues => ({
  name: template?.name ?? '',
  appliesTo: template?.appliesTo ?? 'loan',
  active: template?.active ?? true,
  lines: template ? template.lines.map(draftFromFeeLine) : [emptyLine()],
  sample: '1000',
});

/** Create (template null) or edit a fee template, with its lines priced live on a sample amount. */
export function FeeTemplateDialog({ open, template, onClose }: { open: boolean; template: FeeTemplate | null; onClose: () => void }) {
  const id = useId();
  const save = useSaveFeeTemplate();
  const form = useForm<TemplateValues>({ defaultValues: valuesOf(template) });
  const lineForm = linesForm(form);
  const lineArray = useFieldArray({ control: lineForm.control, name: 'lines', keyName: 'id' });
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.reset(valuesOf(template));
    setTried(false);
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open, template]);

  const [lines, sample] = useWatch({ control: form.control, name: ['lines', 'sample'] });
  const results = lines.map(toFeeLine);
  const sampleCents = parseDollarsToCents(sample) ?? 0;
  const okLines = results.flatMap((r) => (r.ok ? [r.line] : []));
  const previewTotal = okLines.reduce((s, l: FeeLine) => s + feeLineAmount(l, sampleCents), 0);

  const submit = form.handleSubmit((v) => {
    if (lines.length === 0 || !results.every((r) => r.ok)) return;
    save.mutate(
      { id: template?.id, input: { name: v.name.trim(), appliesTo: v.appliesTo, active: v.active, lines: okLines } },
      {
        onSuccess: (t) => {
          toast({ title: template ? 'Fee template saved' : 'Fee template created', description: t.name });
          onClose();
        },
        onError: (e) => {
          placeServerFieldErrors(form.setError, e, (k) => (k === 'name' || k === 'appliesTo' ? k : serverLineField(k)));
          toast({ variant: 'destructive', title: 'Could not save the template', description: e.message });
        },
      },
    );
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !save.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{template ? 'Edit fee template' : 'New fee template'}</DialogTitle>
          <DialogDescription>Lines are a fixed amount or a percentage of the amount the invoice is for.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            setTried(true);
            void submit(e);
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField control={form.control} name="name" label="Name" id={`${id}-name`}>
              <Input placeholder="Loan origination" {...form.register('name', { validate: (t) => !!t.trim() || 'Give the template a name' })} />
            </FormField>
            <FormField control={form.control} name="appliesTo" label="Applies to" id={`${id}-applies`}>
              <select className={selectClass} {...form.register('appliesTo')}>
                {feeAppliesTo.map((a) => (
                  <option key={a} value={a}>
                    {appliesToLabels[a]}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <div className="flex items-center gap-3">
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <Switch id={`${id}-active`} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} />
              )}
            />
            <Label htmlFor={`${id}-active`}>Active (offered when building invoices)</Label>
          </div>
          <LineEditor form={lineForm} lines={lineArray} withBase={false} previewBaseCents={sampleCents} showErrors={tried} />
          {tried && lines.length === 0 && (
            <p className="text-sm text-destructive" role="alert">
              Add at least one line
            </p>
          )}
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => lineArray.append(emptyLine(), { shouldFocus: false })}
          >
            <Plus aria-hidden="true" /> Add line
          </Button>
          <div className="grid gap-2 rounded-lg bg-muted/50 p-3 sm:grid-cols-[12rem_1fr] sm:items-end">
            <FormField control={form.control} name="sample" label="Preview on an amount of ($)" id={`${id}-sample`} className="gap-1">
              <Input inputMode="decimal" {...form.register('sample')} />
            </FormField>
            <p className="text-sm sm:text-right" aria-live="polite">
              Total on {formatCents(sampleCents)}:{' '}
              <strong className="tabular" data-testid="template-preview-total">
                {formatCents(previewTotal)}
              </strong>
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner size="sm" label="Saving" />}
              {template ? 'Save template' : 'Create template'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
