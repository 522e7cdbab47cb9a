import { TriangleAlert } from 'lucide-react';
import { cn } from '#web/lib/utils.ts';

const pct = (bps: number) => `${(bps / 100).toFixed(1)}%`;

/**
 * Loan-to-value as a bar with the policy cap marked on it: outstanding principal over the
 * collateral's current estimated value. Above the cap it turns red and says so in words.
 * The scale runs to twice the cap (or the LTV itself when higher) so the cap sits mid-bar.
 */
export function LtvGauge({ ltvBps, capBps, className }: { ltvBps: number | null; capBps: number; className?: string }) {
  const over = ltvBps !== null && ltvBps > capBps;
  const scale = Math.max(capBps * 2, ltvBps ?? 0, 1);
  const fill = ltvBps === null ? 0 : Math.min(100, (ltvBps / scale) * 100);
  const capAt = (capBps / scale) * 100;
  return (
    <div className={cn('grid gap-1.5', className)} data-testid="ltv-gauge" data-over-cap={over || undefined}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-muted-foreground">Loan-to-value</span>
        <span className={cn('font-medium tabular', over && 'text-destructive')} data-testid="ltv-value">
          {ltvBps === null ? 'n/a' : pct(ltvBps)}
        </span>
      </div>
      <div
        role="meter"
        aria-label="Loan-to-value"
        aria-valuemin={0}
        aria-valuemax={scale / 100}
        aria-valuenow={ltvBps === null ? 0 : ltvBps / 100}
        aria-valuetext={ltvBps === null ? 'No value' : `${pct(ltvBps)}, cap ${pct(capBps)}`}
        className="relative h-2.5 w-full overflow-hidden rounded-full bg-zinc-200"
      >
        <div className={cn('h-full rounded-full', over ? 'bg-destructive' : 'bg-emerald-600')} style={{ width: `${fill}%` }} />
        <div className="absolute inset-y-0 w-0.5 bg-foreground" style={{ left: `${capAt}%` }} aria-hidden="true" />
      </div>
      <p className="text-xs text-muted-foreground">Cap {pct(capBps)}</p>
      {over && (
        <p role="status" className="flex items-start gap-1.5 rounded-md bg-red-50 px-2 py-1.5 text-xs text-red-900">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          Above the {pct(capBps)} cap: the collateral’s value has fallen against what is owed.
        </p>
      )}
    </div>
  );
}
