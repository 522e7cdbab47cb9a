import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import { Money } from '#web/components/money.tsx';
import { useFundPositions } from './api/get-fund-positions.ts';
import { Gain, PositionList } from './position-list.tsx';

/**
 * The dashboard's funds summary: total invested, current value and gain, then each position. Shown
 * only to members who hold or are buying units; it loads after the dashboard's first paint.
 */
export default function DashboardFundsSection() {
  const query = useFundPositions();
  const data = query.data;
  if (!data || data.positions.length === 0) return null;
  const { totals } = data;
  return (
    <section aria-labelledby="dashboard-funds" className="grid grid-cols-1 gap-4" data-testid="dashboard-funds">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="dashboard-funds" className="text-sm font-medium uppercase tracking-[0.14em] text-muted-foreground">
          Your funds
        </h2>
        <Link href="/funds" className="flex items-center gap-1 text-sm font-medium underline-offset-4 hover:underline">
          All funds <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="rounded-xl border bg-card p-4 shadow-xs">
          <dt className="text-xs text-muted-foreground">Total invested</dt>
          <dd className="mt-1 text-2xl font-semibold" data-testid="funds-invested">
            <Money cents={totals.investedCents} />
          </dd>
        </div>
        <div className="rounded-xl border bg-card p-4 shadow-xs">
          <dt className="text-xs text-muted-foreground">Current value</dt>
          <dd className="mt-1 text-2xl font-semibold" data-testid="funds-value">
            <Money cents={totals.valueCents} />
          </dd>
        </div>
        <div className="rounded-xl border bg-card p-4 shadow-xs">
          <dt className="text-xs text-muted-foreground">Gain</dt>
          <dd className="mt-1 text-2xl font-semibold" data-testid="funds-gain">
            <Gain cents={totals.gainCents} />
          </dd>
        </div>
      </dl>
      <PositionList positions={data.positions} />
    </section>
  );
}
