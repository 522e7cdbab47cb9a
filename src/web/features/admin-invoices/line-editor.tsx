import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { move, toLineInput, type DraftLine } from './lines.ts';

const selectClass = 'h-10 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/**
 * Rows of fee lines: label, fixed dollars or a percentage (of a base amount when `withBase`),
 * each with its amount or its problem, and buttons to reorder and remove.
 * `previewBaseCents` prices percentage lines that have no base of their own (templates).
 */
export function LineEditor({
  lines,
  onChange,
  withBase,
  previewBaseCents = 0,
  disabled,
  showErrors,
}: {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  withBase: boolean;
  previewBaseCents?: number;
  disabled?: boolean;
  showErrors?: boolean;
}) {
  const set = (i: number, patch: Partial<DraftLine>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <ol className="grid gap-3" aria-label="Invoice lines">
      {lines.map((line, i) => {
        const priced = withBase || line.kind === 'fixed' ? line : { ...line, base: (previewBaseCents / 100).toFixed(2) };
        const result = toLineInput(priced);
        const name = line.label.trim() || `Line ${i + 1}`;
        const errorId = `${line.key}-error`;
        return (
          <li key={line.key} className="grid gap-2 rounded-lg border bg-card p-3" data-testid="line-row">
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_8rem_8rem] sm:items-end">
              <label className="col-span-2 grid gap-1 text-xs text-muted-foreground sm:col-span-1">
                Label
                <Input
                  value={line.label}
                  disabled={disabled}
                  onChange={(e) => set(i, { label: e.target.value })}
                  placeholder="e.g. Vault intake"
                  aria-describedby={showErrors && !result.ok ? errorId : undefined}
                />
              </label>
              <label className="grid gap-1 text-xs text-muted-foreground">
                Type
                <select
                  className={selectClass}
                  value={line.kind}
                  disabled={disabled}
                  onChange={(e) => set(i, { kind: e.target.value as DraftLine['kind'] })}
                >
                  <option value="fixed">Fixed</option>
                  <option value="bps">Percentage</option>
                </select>
              </label>
              {line.kind === 'fixed' ? (
                <label className="grid gap-1 text-xs text-muted-foreground">
                  Amount ($)
                  <Input
                    inputMode="decimal"
                    value={line.amount}
                    disabled={disabled}
                    onChange={(e) => set(i, { amount: e.target.value })}
                    placeholder="0.00"
                  />
                </label>
              ) : (
                <label className="grid gap-1 text-xs text-muted-foreground">
                  Percent (%)
                  <Input
                    inputMode="decimal"
                    value={line.percent}
                    disabled={disabled}
                    onChange={(e) => set(i, { percent: e.target.value })}
                    placeholder="2.5"
                  />
                </label>
              )}
            </div>
            {withBase && line.kind === 'bps' && (
              <label className="grid gap-1 text-xs text-muted-foreground sm:max-w-56">
                Of amount ($)
                <Input
                  inputMode="decimal"
                  value={line.base}
                  disabled={disabled}
                  onChange={(e) => set(i, { base: e.target.value })}
                  placeholder="0.00"
                />
              </label>
            )}
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                {result.ok ? (
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
                  onClick={() => onChange(move(lines, i, -1))}
                  aria-label={`Move ${name} up`}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  disabled={disabled || i === lines.length - 1}
                  onClick={() => onChange(move(lines, i, 1))}
                  aria-label={`Move ${name} down`}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  disabled={disabled}
                  onClick={() => onChange(lines.filter((_, j) => j !== i))}
                  aria-label={`Remove ${name}`}
                >
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
