import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useWatch, type FieldValues, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { formatCents } from '#common/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { toLineInput, type DraftLine } from './lines.ts';

/** The part of a form the editor works on: its lines, as typed. */
export interface LinesValues {
  lines: DraftLine[];
}

/** The editor sees only a form's `lines`, whatever else the form holds. */
export const linesForm = <T extends FieldValues & LinesValues>(form: UseFormReturn<T>) => form as unknown as UseFormReturn<LinesValues>;

/** The server's (or a check's) message on line `i`, whichever of its fields it was put on. */
function lineError(form: UseFormReturn<LinesValues>, i: number): string | undefined {
  const e = form.formState.errors.lines?.[i] as Record<string, { message?: string } | undefined> | undefined;
  return e ? Object.values(e).find((f) => typeof f?.message === 'string')?.message : undefined;
}

const selectClass = 'h-10 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/**
 * Rows of fee lines: label, fixed dollars or a percentage (of a base amount when `withBase`),
 * each with its amount or its problem, and buttons to reorder and remove.
 * `previewBaseCents` prices percentage lines that have no base of their own (templates).
 */
export function LineEditor({
  form,
  lines: array,
  withBase,
  previewBaseCents = 0,
  disabled,
  showErrors,
}: {
  form: UseFormReturn<LinesValues>;
  /** The form's `useFieldArray` of its lines; the caller appends to it. */
  lines: UseFieldArrayReturn<LinesValues, 'lines'>;
  withBase: boolean;
  previewBaseCents?: number;
  disabled?: boolean;
  showErrors?: boolean;
}) {
  const values = useWatch({ control: form.control, name: 'lines' });
  // An edit to a line clears what the server said about it.
  const field = (i: number, name: 'label' | 'kind' | 'amount' | 'percent' | 'base') => ({
    ...form.register(`lines.${i}.${name}`, { onChange: () => form.clearErrors(`lines.${i}`) }),
    disabled,
  });
  return (
    <ol className="grid gap-3" aria-label="Invoice lines">
      {array.fields.map((row, i) => {
        const line = values[i] ?? row;
        const priced = withBase || line.kind === 'fixed' ? line : { ...line, base: (previewBaseCents / 100).toFixed(2) };
        const result = toLineInput(priced);
        const serverError = lineError(form, i);
        const name = line.label.trim() || `Line ${i + 1}`;
        const errorId = `${row.key}-error`;
        const shownError = serverError ?? (showErrors && !result.ok ? result.error : undefined);
        return (
          <li key={row.id} className="grid gap-2 rounded-lg border bg-card p-3" data-testid="line-row">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_8rem_8rem] sm:items-end">
              <label className="col-span-2 grid gap-1 text-xs text-muted-foreground sm:col-span-1">
                Label
                <Input
                  placeholder="e.g. Vault intake"
                  aria-describedby={shownError ? errorId : undefined}
                  aria-invalid={serverError ? true : undefined}
                  {...field(i, 'label')}
                />
              </label>
              <label className="grid gap-1 text-xs text-muted-foreground">
                Type
                <select className={selectClass} {...field(i, 'kind')}>
                  <option value="fixed">Fixed</option>
                  <option value="bps">Percentage</option>
                </select>
              </label>
              {line.kind === 'fixed' ? (
                <label className="grid gap-1 text-xs text-muted-foreground">
                  Amount ($)
                  <Input inputMode="decimal" placeholder="0.00" {...field(i, 'amount')} />
                </label>
              ) : (
                <label className="grid gap-1 text-xs text-muted-foreground">
                  Percent (%)
                  <Input inputMode="decimal" placeholder="2.5" {...field(i, 'percent')} />
                </label>
              )}
            </div>
            {withBase && line.kind === 'bps' && (
              <label className="grid gap-1 text-xs text-muted-foreground sm:max-w-56">
                Of amount ($)
                <Input inputMode="decimal" placeholder="0.00" {...field(i, 'base')} />
              </label>
            )}
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                {serverError ? (
                  <span id={errorId} role="alert" className="text-destructive">
                    {serverError}
                  </span>
                ) : result.ok ? (
                  <span className="tabular font-medium" data-testid="line-amount">
                    {formatCents(result.amountCents)}
                  </span>
                ) : (
                  <span id={errorId} className={showErrors ? 'text-destructive' : 'text-muted-foreground'}>
                    {result.error}
                  </span>
                )}
              </p>
              <div className="flex gap-1">
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  disabled={disabled || i === 0}
                  onClick={() => array.move(i, i - 1)}
                  aria-label={`Move ${name} up`}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  disabled={disabled || i === array.fields.length - 1}
                  onClick={() => array.move(i, i + 1)}
                  aria-label={`Move ${name} down`}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button type="button" size="icon" variant="ghost" disabled={disabled} onClick={() => array.remove(i)} aria-label={`Remove ${name}`}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** A server field name (`lines.2.amountCents`) as the line it is about, else undefined. */
export const serverLineField = (key: string) => {
  const m = /^lines\.(\d+)(\.|$)/.exec(key);
  return m ? (`lines.${Number(m[1])}.label` as const) : undefined;
};
