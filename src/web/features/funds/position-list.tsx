import { Link } from 'wouter';
import { formatCents } from '#common/format.ts';
import { formatUnits } from '#common/fund-values.ts';
import type { FundPosition } from '#common/funds.ts';
import { Money } from '#web/components/money.tsx';
import { cn } from '#web/lib/utils.ts';
import { dayText } from './labels.ts';

/** Gain in dollars with its sign and colour. */
export function Gain({ cents, className }: { cents: number; className?: string }) {
  return (
    <span className={cn('tabular', cents > 0 ? 'text-emerald-700' : cents < 0 ? 'text-red-700' : 'text-muted-foreground', className)}>
      {cents > 0 ? '+' : cents < 0 ? '−' : ''}
      <Money cents={Math.abs(cents)} />
    </span>
  );
}

/** What is waiting for the next valuation in one position, in words (empty when nothing is). */
export function pendingText(p: Pick<FundPosition, 'pendingSubscriptionCents' | 'pendingRedemptionUnitsMicro'>): string {
  const parts: string[] = [];
  if (p.pendingSubscriptionCents > 0) parts.push(`${formatCents(p.pendingSubscriptionCents)} to invest`);
  if (p.pendingRedemptionUnitsMicro > 0) parts.push(`${formatUnits(p.pendingRedemptionUnitsMicro)} units to redeem`);
  return parts.length ? `${parts.join(' and ')} at the next valuation` : '';
}

/** The member's own positions, one card each, linking to the fund. */
export function PositionList({ positions }: { positions: readonly FundPosition[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="fund-positions">
      {positions.map((p) => {
        const pending = pendingText(p);
        return (
          <li
            key={p.fundId}
            data-testid="fund-position"
            className="relative grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-xs has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"
          >
            <h3 className="min-w-0 truncate font-medium">
              <Link href={`/funds/${p.fundId}`} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
                {p.fundName}
              </Link>
            </h3>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">Value</dt>
                <dd className="font-medium">
                  <Money cents={p.valueCents} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">Invested</dt>
                <dd>
                  <Money cents={p.investedCents} />
                </dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">Gain</dt>
                <dd>
                  <Gain cents={p.gainCents} />
                </dd>
              </div>
            </dl>
            <p className="text-xs text-muted-foreground">
              <span className="tabular">{formatUnits(p.unitsMicro)}</span> units
              {p.lastValuedOn ? ` · valued ${dayText(p.lastValuedOn)}` : ' · not valued yet'}
            </p>
            {pending && <p className="text-xs font-medium text-warning">{pending}</p>}
          </li>
        );
      })}
    </ul>
  );
}
