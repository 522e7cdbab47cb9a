import { useEffect, useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { useSaveFeeTemplate } from './api/save-fee-template.ts';
import { feeAppliesTo, type FeeAppliesTo, type FeeLine, type FeeTemplate } from '#common/money.ts';
import { appliesToLabels } from './labels.ts';
import { LineEditor } from './line-editor.tsx';
import { parseDollarsToCents } from '#web/lib/amounts.ts';
import { draftFromFeeLine, emptyLine, feeLineAmount, toFeeLine, type DraftLine } from './lines.ts';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/** Create (template null) or edit a fee template, with its lines priced live on a sample amount. */
export function FeeTemplateDialog({ open, template, onClose }: { open: boolean; template: FeeTemplate | null; onClose: () => void }) {
  const id = useId();
  const save = useSaveFeeTemplate();
  const [name, setName] = useState('');
  const [appliesTo, setAppliesTo] = useState<FeeAppliesTo>('loan');
  const [active, setActive] = useState(true);
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [sample, setSample] = useState('1000');
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!open) return;
    setName(template?.name ?? '');
    setAppliesTo(template?.appliesTo ?? 'loan');
    setActive(template?.active ?? true);
    setLines(template ? template.lines.map(draftFromFeeLine) : [emptyLine()]);
    setTried(false);
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open, template]);

  const results = lines.map(toFeeLine);
  const valid = name.trim() !== '' && lines.length > 0 && results.every((r) => r.ok);
  const sampleCents = parseDollarsToCents(sample) ?? 0;
  const okLines = results.flatMap((r) => (r.ok ? [r.line] : []));
  const previewTotal = okLines.reduce((s, l: FeeLine) => s + feeLineAmount(l, sampleCents), 0);

  const submit = () => {
    setTried(true);
    if (!valid) return;
    save.mutate(
      { id: template?.id, input: { name: name.trim(), appliesTo, active, lines: okLines } },
      {
        onSuccess: (t) => {
          toast({ title: template ? 'Fee template saved' : 'Fee template created', description: t.name });
          onClose();
        },
        onError: (e) => toast({ variant: 'destructive', title: 'Could not save the template', description: e.message }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && !save.isPending && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{template ? 'Edit fee template' : 'New fee template'}</DialogTitle>
          <DialogDescription>Lines are a fixed amount or a percentage of the amount the invoice is for.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-name`}>Name</Label>
              <Input
                id={`${id}-name`}
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={tried && !name.trim() ? true : undefined}
                placeholder="Loan origination"
              />
              {tried && !name.trim() && (
                <p className="text-sm text-destructive" role="alert">
                  Give the template a name
                </p>
              )}
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-applies`}>Applies to</Label>
              <select id={`${id}-applies`} className={selectClass} value={appliesTo} onChange={(e) => setAppliesTo(e.target.value as FeeAppliesTo)}>
                {feeAppliesTo.map((a) => (
                  <option key={a} value={a}>
                    {appliesToLabels[a]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="flex items-center gap-3">
            <Switch id={`${id}-active`} checked={active} onCheckedChange={setActive} />
            <Label htmlFor={`${id}-active`}>Active (offered when building invoices)</Label>
          </div>
          <LineEditor lines={lines} onChange={setLines} withBase={false} previewBaseCents={sampleCents} showErrors={tried} />
          {tried && lines.length === 0 && (
            <p className="text-sm text-destructive" role="alert">
              Add at least one line
            </p>
          )}
          <Button type="button" variant="outline" className="justify-self-start" onClick={() => setLines([...lines, emptyLine()])}>
            <Plus aria-hidden="true" /> Add line
          </Button>
          <div className="grid gap-2 rounded-lg bg-muted/50 p-3 sm:grid-cols-[12rem_1fr] sm:items-end">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-sample`}>Preview on an amount of ($)</Label>
              <Input id={`${id}-sample`} inputMode="decimal" value={sample} onChange={(e) => setSample(e.target.value)} />
            </div>
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
