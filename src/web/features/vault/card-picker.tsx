import { custodyLabels, type CardSummary } from '#common/cards.ts';
import { vaultCardTitle } from '#common/vault.ts';
import { Money } from '#web/components/money.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';

/** A list of the member's cards to tick; the legend says what they are picked for. */
export function CardPicker({
  legend,
  cards,
  selected,
  onChange,
  empty,
  max,
}: {
  legend: string;
  cards: readonly CardSummary[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  empty: string;
  max?: number;
}) {
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {cards.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-lg border p-2">
          {cards.map((c) => {
            const id = `pick-${c.id}`;
            const checked = selected.includes(c.id);
            return (
              <li key={c.id} className="flex items-center gap-3 rounded-md px-2 py-1.5 hover:bg-muted/60">
                <Checkbox
                  id={id}
                  checked={checked}
                  disabled={!checked && max !== undefined && selected.length >= max}
                  onCheckedChange={(v) => toggle(c.id, v === true)}
                />
                <label htmlFor={id} className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="min-w-0 break-words">{vaultCardTitle(c)}</span>
                  <span className="text-xs text-muted-foreground">
                    {custodyLabels[c.custody]} · <Money cents={c.estimatedValueCents} decimals={0} />
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {max !== undefined && (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {selected.length} of at most {max} chosen
        </p>
      )}
    </fieldset>
  );
}
