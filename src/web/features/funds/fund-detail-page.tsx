import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { formatUnits, type FundDetail } from '#common/funds.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ApiError } from '#web/lib/api.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useFund } from './api/get-fund.ts';
import { comparisonPoints, formatReturn, returnTone } from './chart-data.ts';
import { HoldingTile } from './holding-tile.tsx';
import { InvestDialog } from './invest-dialog.tsx';
import { dayText, feeText, fundRequestStatusStyles, fundStatusStyles } from './labels.ts';
import { Gain, pendingText } from './position-list.tsx';
import { RedeemDialog } from './redeem-dialog.tsx';

// recharts loads with the charts, after the page's figures are on screen.
const NavChart = lazy(() => import('./nav-chart.tsx'));
const AllocationChart = lazy(() => import('./allocation-chart.tsx'));

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border bg-card p-4">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular mt-1 text-lg font-medium">{children}</dd>
    </div>
  );
}

function PositionCard({ fund }: { fund: FundDetail }) {
  const [dialog, setDialog] = useState<'invest' | 'redeem' | null>(null);
  const p = fund.position;
  const canInvest = fund.status === 'open';
  const pending = p ? pendingText(p) : '';
  const requests = fund.requests.slice(0, 5);
  return (
    <Card data-testid="fund-position-card">
      <CardHeader>
        <CardTitle>Your position</CardTitle>
        <CardDescription>
          {p && p.unitsMicro > 0
            ? `Valued at the NAV per unit of ${dayText(p.lastValuedOn)}.`
            : canInvest
              ? 'You hold no units in this fund yet.'
              : 'This fund is closed to new investment.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {p && p.unitsMicro > 0 && (
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">Value</dt>
              <dd className="font-display text-2xl" data-testid="position-value">
                <Money cents={p.valueCents} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Units</dt>
              <dd className="tabular text-lg">{formatUnits(p.unitsMicro)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Invested</dt>
              <dd>
                <Money cents={p.investedCents} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Gain</dt>
              <dd>
                <Gain cents={p.gainCents} />
              </dd>
            </div>
          </dl>
        )}
        {pending && <p className="text-sm font-medium text-warning">{pending}</p>}
        <div className="flex flex-wrap gap-2">
          <Button variant="crimson" disabled={!canInvest} onClick={() => setDialog('invest')}>
            Invest
          </Button>
          {p && p.unitsMicro > 0 && (
            <Button variant="outline" onClick={() => setDialog('redeem')}>
              Redeem
            </Button>
          )}
        </div>
        {requests.length > 0 && (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">Your requests</h3>
            <ul className="grid gap-2 text-sm" data-testid="fund-requests">
              {requests.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
                  <span className="min-w-0">
                    {r.kind === 'subscription'
                      ? `Invest ${formatCents(r.amountCents)}`
                      : r.unitsMicro
                        ? `Redeem ${formatUnits(r.unitsMicro)} units`
                        : 'Redeem all units'}
                    <span className="block text-xs text-muted-foreground">{dayText(r.createdAt)}</span>
                  </span>
                  <StatusBadge status={r.status} map={fundRequestStatusStyles} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      <InvestDialog fund={fund} open={dialog === 'invest'} onClose={() => setDialog(null)} />
      {p && p.unitsMicro > 0 && (
        <RedeemDialog fundId={fund.id} fundName={fund.name} position={p} open={dialog === 'redeem'} onClose={() => setDialog(null)} />
      )}
    </Card>
  );
}

function Detail({ fund }: { fund: FundDetail }) {
  const points = useMemo(() => comparisonPoints(fund.navSeries, fund.indexSeries), [fund.navSeries, fund.indexSeries]);
  const holdings = useMemo(() => [...fund.holdings].sort((a, b) => b.markCents - a.markCents), [fund.holdings]);
  return (
    <div className="grid grid-cols-1 gap-8">
      <PageHeader
        eyebrow="Fund"
        title={fund.name}
        description={fund.description || undefined}
        actions={<StatusBadge status={fund.status} map={fundStatusStyles} />}
      />
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="NAV per unit">
          <Money cents={fund.navPerUnitCents} />
        </Figure>
        <Figure label="Since inception">
          <span className={returnTone(fund.performanceSinceInceptionPct)}>{formatReturn(fund.performanceSinceInceptionPct)}</span>
        </Figure>
        <Figure label="1 year">
          <span className={returnTone(fund.performance1yPct)}>{formatReturn(fund.performance1yPct)}</span>
        </Figure>
        <Figure label="Fund value (NAV)">{fund.navCents === null ? '—' : <Money cents={fund.navCents} decimals={0} />}</Figure>
      </dl>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="nav-heading" className="grid min-w-0 grid-cols-1 content-start gap-3 rounded-xl border bg-card p-4 sm:p-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="nav-heading" className="text-lg font-semibold">
              NAV per unit vs the Market Index
            </h2>
            <span className="text-xs text-muted-foreground">Last valued {dayText(fund.lastValuedOn)}</span>
          </div>
          {points.length < 2 ? (
            <p className="text-sm text-muted-foreground">The chart appears after the fund&apos;s second valuation.</p>
          ) : (
            <Suspense fallback={<Skeleton className="h-72 w-full" />}>
              <NavChart points={points} fundName={fund.name} />
            </Suspense>
          )}
        </section>
        <PositionCard fund={fund} />
      </div>
      <section aria-labelledby="allocation-heading" className="grid grid-cols-1 gap-4">
        <h2 id="allocation-heading" className="text-lg font-semibold">
          Allocation
        </h2>
        <div className="grid grid-cols-1 gap-6 rounded-xl border bg-card p-4 sm:p-6 md:grid-cols-2">
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <AllocationChart title="By sport" slices={fund.allocation.bySport} />
            <AllocationChart title="By grade" slices={fund.allocation.byGrade} />
          </Suspense>
        </div>
      </section>
      <section aria-labelledby="holdings-heading" className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="holdings-heading" className="text-lg font-semibold">
            Holdings ({holdings.length})
          </h2>
          <p className="tabular text-sm text-muted-foreground">
            Cards <Money cents={fund.holdingsValueCents} decimals={0} /> · cash <Money cents={fund.cashCents} decimals={0} />
          </p>
        </div>
        {holdings.length === 0 ? (
          <EmptyState title="No holdings yet" description="Cards bought into the fund appear here with their marks." />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {holdings.map((h) => (
              <HoldingTile key={h.id} fundId={fund.id} holding={h} />
            ))}
          </ul>
        )}
      </section>
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
        <section aria-labelledby="fees-heading" className="grid content-start gap-3 rounded-xl border bg-card p-4 sm:p-6">
          <h2 id="fees-heading" className="text-lg font-semibold">
            Fees and terms
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Management fee</dt>
            <dd className="tabular">{feeText(fund.managementFeeBps)}, accrued at each valuation</dd>
            <dt className="text-muted-foreground">Minimum investment</dt>
            <dd>
              <Money cents={fund.minimumInvestmentCents} decimals={0} />
            </dd>
            <dt className="text-muted-foreground">Inception</dt>
            <dd>{dayText(fund.inceptionDate)}</dd>
            <dt className="text-muted-foreground">Dealing</dt>
            <dd>At each valuation, at its NAV per unit</dd>
          </dl>
          {fund.strategy && (
            <>
              <h3 className="mt-2 text-sm font-medium">Strategy</h3>
              <p className="whitespace-pre-line text-sm text-muted-foreground">{fund.strategy}</p>
            </>
          )}
        </section>
        <section aria-labelledby="documents-heading" className="grid content-start gap-3 rounded-xl border bg-card p-4 sm:p-6">
          <h2 id="documents-heading" className="text-lg font-semibold">
            Documents
          </h2>
          {fund.documents ? (
            <div className="whitespace-pre-line break-words text-sm leading-relaxed text-muted-foreground" data-testid="fund-documents">
              {fund.documents}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No documents published yet.</p>
          )}
        </section>
      </div>
    </div>
  );
}

/** /funds/{id}: NAV against the index, the member's position and requests, allocation, holdings, fees and documents. */
export default function FundDetailPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const query = useFund(id);
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <Link href="/funds" className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        All funds
      </Link>
      {notFound ? (
        <EmptyState
          notFound
          title="Fund not found"
          description="It may have been removed, or the link is wrong."
          action={
            <Link href="/funds" className="underline underline-offset-4">
              See all funds
            </Link>
          }
        />
      ) : (
        <PageQuery query={query} loadingLabel="Loading the fund" errorTitle="We couldn't load this fund" skeletons={['h-24', 'h-80', 'h-72']}>
          {(fund) => <Detail fund={fund} />}
        </PageQuery>
      )}
    </div>
  );
}
