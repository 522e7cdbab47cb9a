import { useId } from 'react';
import { formatCents } from '#common/format.ts';
import { fundMessages } from '#common/funds.ts';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/utils.ts';
import { useAllocationFunds } from './api/get-allocation-funds.ts';

/** Fund id → whole percent; a fund at 0 is not chosen. */
export type FundShares = Record<string, number>;

export const fundSharesTotal = (shares: FundShares) => Object.values(shares).reduce((s, n) => s + n, 0);
/** No fund chosen, or the chosen ones add up to 100. */
export const fundSharesOk = (shares: FundShares) => {
  const t = fundSharesTotal(shares);
  return t === 0 || t === 100;
};
export const fundSharesToAllocation = (shares: FundShares) =>
  Object.entries(shares)
    .filter(([, percent]) => percent > 0)
    .map(([fundId, percent]) => ({ fundId, percent }));

/** Which open funds the deposit buys into, as whole percentages adding to 100 (or none). */
export function FundChoice({ shares, onChange }: { shares: FundShares; onChange: (s: FundShares) => void }) {
  const ids = useId();
  const funds = useAllocationFunds();
  const total = fundSharesTotal(shares);
  if (funds.isPending) return <Skeleton className="h-24 w-full" />;
  if (funds.isError || funds.data.funds.length === 0) return null;
  const set = (id: string, raw: string) => {
    const n = raw === '' ? 0 : Math.max(0, Math.min(100, Math.round(Number(raw))));
    onChange({ ...shares, [id]: Number.isFinite(n) ? n : 0 });
  };
  return (
    <fieldset className="grid gap-3 border-t pt-6" aria-describedby={`${ids}-help`} data-testid="fund-choice">
      <legend className="text-base font-medium">Funds for your deposit</legend>
      <p id={`${ids}-help`} className="text-sm text-muted-foreground">
        When your deposit arrives it buys units in these funds at their next valuation, split by these percentages. Leave them at 0% to let your
        manager place it.
      </p>
      <ul className="grid gap-3">
        {funds.data.funds.map((f) => (
          <li key={f.id} className="grid grid-cols-[1fr_5.5rem] items-center gap-x-4 gap-y-1">
            <label htmlFor={`${ids}-${f.id}`} className="min-w-0">
              <span className="block font-medium">{f.name}</span>
              <span className="block text-xs text-muted-foreground">
                {f.strategy ? `${f.strategy.split(/(?<=\.)\s/)[0]} · ` : ''}minimum {formatCents(f.minimumInvestmentCents, 0)}
              </span>
            </label>
            <div className="relative">
              <Input
                id={`${ids}-${f.id}`}
                inputMode="numeric"
                type="number"
                min={0}
                max={100}
                value={String(shares[f.id] ?? 0)}
                onChange={(e) => set(f.id, e.target.value)}
                className="tabular pr-7 text-right"
                aria-label={`${f.name} share`}
              />
              <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">%</span>
            </div>
          </li>
        ))}
      </ul>
      {total > 0 && (
        <p className={cn('tabular text-sm font-medium', total === 100 ? 'text-green-700' : 'text-destructive')} role="status" aria-live="polite">
          Funds total {total}%{total !== 100 ? ` · ${fundMessages.allocationTotal}` : ''}
        </p>
      )}
    </fieldset>
  );
}
