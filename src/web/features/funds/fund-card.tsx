import { Link } from 'wouter';
import type { FundCard as FundCardData } from '#common/funds.ts';
import { Money } from '#web/components/money.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { cn } from '#web/lib/utils.ts';
import { formatReturn, returnTone } from './chart-data.ts';
import { fundStatusStyles } from './labels.ts';
import { Sparkline } from './sparkline.tsx';

function Figure({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular font-medium">{children}</dd>
    </div>
  );
}

/** One fund on /funds; the whole card opens it. */
export function FundCard({ fund }: { fund: FundCardData }) {
  const values = fund.sparkline.map((p) => p.navPerUnitCents);
  return (
    <li
      data-testid="fund-card"
      className="relative grid min-w-0 content-start gap-4 rounded-xl border bg-card p-5 shadow-xs transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-display text-xl font-medium leading-tight">
          <Link href={`/funds/${fund.id}`} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
            {fund.name}
          </Link>
        </h3>
        <StatusBadge status={fund.status} map={fundStatusStyles} className="shrink-0" />
      </div>
      {fund.strategy && <p className="line-clamp-3 text-sm text-muted-foreground">{fund.strategy}</p>}
      <div className="flex items-end justify-between gap-3">
        <div>
          <p className="text-xs text-muted-foreground">NAV per unit</p>
          <p className="tabular text-2xl font-medium">
            <Money cents={fund.navPerUnitCents} />
          </p>
        </div>
        <Sparkline values={values} label={`NAV per unit over the last ${values.length} valuations`} className="shrink-0" />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Figure label="Since inception">
          <span className={returnTone(fund.performanceSinceInceptionPct)}>{formatReturn(fund.performanceSinceInceptionPct)}</span>
        </Figure>
        <Figure label="1 year">
          <span className={returnTone(fund.performance1yPct)}>{formatReturn(fund.performance1yPct)}</span>
        </Figure>
        <Figure label="Minimum">
          <Money cents={fund.minimumInvestmentCents} decimals={0} />
        </Figure>
      </dl>
    </li>
  );
}
