import { useId } from 'react';
import { useSearchParams } from 'wouter';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { daysAgo, today } from './parts.tsx';

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** A from/to day range kept in the URL (?from=&to=), defaulting to the last `days` days. */
export function useDateRange(days: number) {
  const [params, setParams] = useSearchParams();
  const from = isDay(params.get('from')) ? params.get('from')! : daysAgo(days - 1);
  const to = isDay(params.get('to')) ? params.get('to')! : today();
  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  return { from, to, params, set };
}

const presets = [7, 30, 90, 365] as const;

export function DateRangePicker({ from, to, onChange }: { from: string; to: string; onChange: (c: { from?: string; to?: string }) => void }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-from`} className="text-xs">
            From
          </Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && onChange({ from: e.target.value })}
            className="w-40"
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-to`} className="text-xs">
            To
          </Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from}
            onChange={(e) => e.target.value && onChange({ to: e.target.value })}
            className="w-40"
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-1" role="group" aria-label="Quick ranges">
        {presets.map((n) => (
          <button
            key={n}
            type="button"
            className="rounded-full border px-2.5 py-0.5 text-xs hover:bg-accent aria-pressed:border-foreground aria-pressed:bg-foreground aria-pressed:text-background"
            aria-pressed={from === daysAgo(n - 1) && to === today()}
            onClick={() => onChange({ from: daysAgo(n - 1), to: today() })}
          >
            {n === 365 ? 'Last year' : `Last ${n} days`}
          </button>
        ))}
      </div>
    </div>
  );
}
