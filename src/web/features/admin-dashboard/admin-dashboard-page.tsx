import { Children, lazy, Suspense, type ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import {
  ArrowRight,
  CalendarClock,
  FileText,
  Gavel,
  IdCard,
  Landmark,
  MessageSquare,
  RotateCw,
  ShoppingBag,
  Store,
  Telescope,
  UserPlus,
  Users,
  Wallet,
} from 'lucide-react';
import {
  DEFAULT_DASHBOARD_PERIOD,
  dashboardPeriodLabels,
  dashboardPeriods,
  type AdminDashboard,
  type DashboardPeriod,
} from '#common/admin-dashboard.ts';
import { formatDate } from '#web/lib/dates.ts';
import { accessRequestStatuses } from '#web/components/access-request-status.ts';
import { Money } from '#web/components/money.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { WhenVisible } from '#web/components/when-visible.tsx';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useNav } from '#web/features/shell/nav-context.tsx';
import { ADMIN_SIDEBAR } from '#web/features/shell/nav-items.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { useAdminDashboard } from './api/get-admin-dashboard.ts';
import { chartPoints, chartSummary, isEmptyChart, type ChartKind } from './chart-data.ts';

const DashboardChart = lazy(() => import('./dashboard-charts.tsx'));

const ACCESS_REQUESTS_PATH = '/admin/access-requests';

const isPeriod = (v: string | null): v is DashboardPeriod => (dashboardPeriods as readonly (string | null)[]).includes(v);

/** The chosen period, kept in the URL (?period=, left out for the default 30 days). */
function usePeriod() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = isPeriod(raw) ? raw : DEFAULT_DASHBOARD_PERIOD;
  const setPeriod = (p: DashboardPeriod) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (p === DEFAULT_DASHBOARD_PERIOD) next.delete('period');
        else next.set('period', p);
        return next;
      },
      { replace: true },
    );
  return [period, setPeriod] as const;
}

function PeriodPicker({ period, onPick, busy }: { period: DashboardPeriod; onPick: (p: DashboardPeriod) => void; busy: boolean }) {
  return (
    <div role="group" aria-label="Period" aria-busy={busy} className="inline-flex rounded-lg border bg-card p-0.5">
      {dashboardPeriods.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={p === period}
          onClick={() => onPick(p)}
          className="min-h-9 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-pressed:bg-foreground aria-pressed:text-background"
        >
          {dashboardPeriodLabels[p]}
        </button>
      ))}
    </div>
  );
}

function Tile({
  label,
  value,
  hint,
  icon: Icon,
  href,
  accent,
}: {
  label: string;
  /** Undefined while loading. */
  value: ReactNode | undefined;
  hint?: ReactNode;
  icon: typeof Users;
  href?: string;
  accent?: boolean;
}) {
  const body = (
    <>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{label}</p>
        <Icon className={cn('size-4 shrink-0', accent ? 'text-crimson' : 'text-muted-foreground')} aria-hidden="true" />
      </div>
      {value === undefined ? (
        <>
          <Skeleton className="mt-3 h-8 w-20" />
          <Skeleton className="mt-2 h-3 w-28" />
        </>
      ) : (
        <>
          <p className={cn('tabular mt-2 text-2xl font-semibold tracking-tight sm:text-3xl', accent && 'text-crimson')}>{value}</p>
          {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
        </>
      )}
    </>
  );
  const className = 'block min-w-0 rounded-xl border bg-card p-5 shadow-xs';
  return href ? (
    <Link href={href} className={cn(className, 'transition-colors hover:border-zinc-400 focus-visible:outline-2 focus-visible:outline-ring')}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}

const count = (n: number | undefined) => (n === undefined ? undefined : n.toLocaleString('en-US'));
const money = (cents: number | undefined) => (cents === undefined ? undefined : <Money cents={cents} decimals={0} />);

// A group's tiles fill its row on a wide screen.
const tileColumns: Record<number, string> = { 2: 'lg:grid-cols-2', 3: 'lg:grid-cols-3', 4: 'lg:grid-cols-4' };

function TileGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = `tiles-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="grid content-start gap-3">
      <h2 id={id} className="text-xs font-medium uppercase tracking-[0.14em] text-muted-foreground">
        {title}
      </h2>
      <div className={cn('grid gap-3 sm:grid-cols-2', tileColumns[Children.count(children)])}>{children}</div>
    </section>
  );
}

const chartTitles: Record<ChartKind, string> = {
  sales: 'Sales and GMV',
  members: 'New members and access requests',
  aum: 'Funds: assets under management',
  ltv: 'Loans outstanding by LTV',
};
const chartEmpty: Record<ChartKind, string> = {
  sales: 'No sales in this period.',
  members: 'No new members or access requests in this period.',
  aum: 'No fund has been valued yet.',
  ltv: 'No funded loan to show.',
};

/** The figures a chart draws, as a table: the chart's equivalent for screen readers and for reading exact values. */
function ChartTable({ d, kind }: { d: AdminDashboard; kind: ChartKind }) {
  const points = chartPoints(d, kind);
  const heads: Record<ChartKind, [string, string, string?]> = {
    sales: [d.bucket === 'month' ? 'Month' : d.bucket === 'week' ? 'Week of' : 'Day', 'GMV', 'Sales'],
    members: [d.bucket === 'month' ? 'Month' : d.bucket === 'week' ? 'Week of' : 'Day', 'New members', 'Access requests'],
    aum: [d.bucket === 'month' ? 'Month' : d.bucket === 'week' ? 'Week of' : 'Day', 'Assets at its end'],
    ltv: ['Loan-to-value', 'Outstanding', 'Loans'],
  };
  const [h0, h1, h2] = heads[kind];
  const isMoney = kind !== 'members';
  return (
    <details className="group text-sm">
      <summary className="cursor-pointer text-xs font-medium text-muted-foreground hover:text-foreground">Show the figures</summary>
      {/* Focusable, so the keyboard can scroll a long table (a year of days would not fit). */}
      <div
        tabIndex={0}
        role="region"
        aria-label={`${chartTitles[kind]}: the figures`}
        className="mt-2 max-h-72 overflow-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{chartTitles[kind]}</caption>
          <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {h0}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {h1}
              </th>
              {h2 && (
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {h2}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y">
            {points.map((p, i) => (
              <tr key={i}>
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  {p.label}
                </th>
                <td className="tabular px-3 py-1.5 text-right">{isMoney ? <Money cents={p.a} /> : p.a.toLocaleString('en-US')}</td>
                {h2 && <td className="tabular px-3 py-1.5 text-right">{(p.b ?? 0).toLocaleString('en-US')}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function ChartCard({ d, kind, href }: { d: AdminDashboard | undefined; kind: ChartKind; href?: string }) {
  const id = `chart-${kind}-title`;
  const points = d ? chartPoints(d, kind) : [];
  const empty = d ? isEmptyChart(points, kind) : false;
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-5 shadow-xs"
      data-testid={`chart-card-${kind}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={id} className="font-medium leading-tight">
          {chartTitles[kind]}
        </h3>
        {href && (
          <Link href={href} className="shrink-0 text-xs font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
            Open<span className="sr-only"> {chartTitles[kind]}</span>
          </Link>
        )}
      </div>
      {!d ? (
        <div aria-busy="true" className="grid gap-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-56 w-full" />
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{chartSummary(d, kind)}</p>
          {empty ? (
            <p className="grid h-40 place-items-center rounded-lg border border-dashed text-sm text-muted-foreground">{chartEmpty[kind]}</p>
          ) : (
            <>
              <WhenVisible minHeight="14rem">
                <Suspense fallback={<Skeleton className="h-56 w-full" />}>
                  <DashboardChart kind={kind} points={points} />
                </Suspense>
              </WhenVisible>
              <ChartTable d={d} kind={kind} />
            </>
          )}
        </>
      )}
    </section>
  );
}

export default function AdminDashboardPage() {
  const [period, setPeriod] = usePeriod();
  const dashboard = useAdminDashboard(period);
  const { hasPage } = useNav();
  const data = dashboard.data;
  const b = data?.business;
  const pages = ADMIN_SIDEBAR.filter((item) => item.href !== '/admin' && hasPage(item.href));
  const link = (path: string, query = '') => (hasPage(path) ? path + query : undefined);
  const span = `last ${dashboardPeriodLabels[period]}`;
  const switching = dashboard.isPlaceholderData;

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Dashboard"
        description="The business at a glance: members, the MarketPlace, lending, funds, invoices and sourcing."
        actions={<PeriodPicker period={period} onPick={setPeriod} busy={dashboard.isFetching} />}
      />

      {dashboard.isError && (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5 text-sm">
          <p className="font-medium text-red-900">We couldn't load the dashboard.</p>
          <p className="text-red-800">{errorMessage(dashboard.error, 'Please try again.')}</p>
          <Button variant="outline" size="sm" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}

      <div className={cn('grid gap-8 transition-opacity', switching && 'opacity-60')} aria-busy={switching || undefined}>
        <TileGroup title="Members">
          <Tile
            label="Members"
            value={count(b?.members.active)}
            hint={b && `${b.members.newInPeriod.toLocaleString('en-US')} joined in the ${span}`}
            icon={Users}
            href={link('/admin/user-access')}
          />
          <Tile
            label="Pending requests"
            value={count(b?.members.pendingAccessRequests)}
            hint={b && `${b.members.requestsInPeriod.toLocaleString('en-US')} received in the ${span}`}
            icon={UserPlus}
            href={link(ACCESS_REQUESTS_PATH)}
            accent={!!b?.members.pendingAccessRequests}
          />
          <Tile
            label="KYC queue"
            value={count(b?.kyc.pendingDocuments)}
            hint={
              b && `Documents from ${b.kyc.membersWaiting.toLocaleString('en-US')} ${b.kyc.membersWaiting === 1 ? 'member' : 'members'} to review`
            }
            icon={IdCard}
            href={link('/admin/kyc-verification')}
            accent={!!b?.kyc.pendingDocuments}
          />
          <Tile
            label="SMS sent today"
            value={count(data?.counts.smsSentToday)}
            hint="Codes, approvals and messages"
            icon={MessageSquare}
            href={link('/admin/sms-convos')}
          />
        </TileGroup>

        <TileGroup title="MarketPlace">
          <Tile
            label="GMV"
            value={money(b?.marketplace.gmvCents)}
            hint={`Sale prices in the ${span}`}
            icon={ShoppingBag}
            href={link('/admin/sales')}
          />
          <Tile label="Sales" value={count(b?.marketplace.salesCount)} hint={`Completed in the ${span}`} icon={Gavel} href={link('/admin/sales')} />
          <Tile
            label="Active listings"
            value={count(b?.marketplace.activeListings)}
            hint={b && `${b.marketplace.reservedListings.toLocaleString('en-US')} reserved awaiting payment`}
            icon={Store}
            href={link('/admin/cards')}
          />
        </TileGroup>

        <TileGroup title="Lending">
          <Tile
            label="Loans outstanding"
            value={money(b?.lending.outstandingCents)}
            hint={b && `Principal on ${b.lending.fundedLoans.toLocaleString('en-US')} ${b.lending.fundedLoans === 1 ? 'loan' : 'loans'}`}
            icon={Landmark}
            href={link('/admin/loans')}
          />
          <Tile
            label="Overdue installments"
            value={count(b?.lending.overdueInstallments)}
            hint={
              b && (
                <>
                  <Money cents={b.lending.overdueCents} /> past due
                </>
              )
            }
            icon={CalendarClock}
            href={link('/admin/loans', '?status=funded')}
            accent={!!b?.lending.overdueInstallments}
          />
          <Tile
            label="Applications"
            value={count(b?.lending.applicationsToReview)}
            hint="Submitted, waiting for review"
            icon={FileText}
            href={link('/admin/loans', '?status=submitted')}
          />
        </TileGroup>

        <TileGroup title="Funds and invoices">
          <Tile
            label="Funds AUM"
            value={money(b?.funds.aumCents)}
            hint={
              b && `Across ${b.funds.openFunds.toLocaleString('en-US')} open ${b.funds.openFunds === 1 ? 'fund' : 'funds'}, at the last valuation`
            }
            icon={Wallet}
            href={link('/admin/funds')}
          />
          <Tile
            label="Open invoices"
            value={count(b?.invoices.openCount)}
            hint={
              b && (
                <>
                  <Money cents={b.invoices.openCents} /> sent, not yet paid
                </>
              )
            }
            icon={FileText}
            href={link('/admin/invoices', '?status=sent')}
          />
          <Tile
            label="Overdue invoices"
            value={money(b?.invoices.overdueCents)}
            hint={b && `${b.invoices.overdueCount.toLocaleString('en-US')} past their due date`}
            icon={CalendarClock}
            href={link('/admin/invoices', '?status=overdue')}
            accent={!!b?.invoices.overdueCount}
          />
        </TileGroup>

        <TileGroup title="Sourcing">
          <Tile
            label="Open hunts"
            value={count(b?.hunts.openHunts)}
            hint={b && `${b.hunts.huntsToReview.toLocaleString('en-US')} waiting for approval`}
            icon={Telescope}
            href={link('/admin/sources')}
          />
          <Tile
            label="Sources offered"
            value={count(b?.hunts.openSources)}
            hint={b && `${b.hunts.sourcesToReview.toLocaleString('en-US')} waiting for review`}
            icon={Telescope}
            href={link('/admin/sources')}
          />
        </TileGroup>

        <section aria-labelledby="dashboard-charts" className="grid gap-3">
          <h2 id="dashboard-charts" className="text-xs font-medium uppercase tracking-[0.14em] text-muted-foreground">
            Over the {span}
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            <ChartCard d={data} kind="sales" href={link('/admin/sales')} />
            <ChartCard d={data} kind="members" href={link(ACCESS_REQUESTS_PATH)} />
            <ChartCard d={data} kind="aum" href={link('/admin/funds')} />
            <ChartCard d={data} kind="ltv" href={link('/admin/loans')} />
          </div>
        </section>
      </div>

      <div className="grid gap-8 lg:grid-cols-[1.6fr_1fr]">
        <section aria-labelledby="recent-requests" className="grid content-start gap-4">
          <div className="flex items-center justify-between gap-3">
            <h2 id="recent-requests" className="font-display text-xl font-medium tracking-tight">
              Recent access requests
            </h2>
            {hasPage(ACCESS_REQUESTS_PATH) && (
              <Button asChild variant="ghost" size="sm">
                <Link href={ACCESS_REQUESTS_PATH}>
                  Review all
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            )}
          </div>
          <div className="overflow-hidden rounded-xl border bg-card">
            {!data ? (
              <div className="grid gap-px" aria-busy="true">
                {Array.from({ length: 4 }, (_, i) => (
                  <Skeleton key={i} className="h-14 rounded-none" />
                ))}
              </div>
            ) : data.recentAccessRequests.length === 0 ? (
              <p className="px-5 py-10 text-center text-sm text-muted-foreground">No access requests yet.</p>
            ) : (
              <ul className="divide-y">
                {data.recentAccessRequests.map((r) => (
                  <li key={r.id} className="flex items-center justify-between gap-4 px-5 py-3.5">
                    <div className="min-w-0">
                      <p className="tabular truncate text-sm font-medium">{formatPhoneForDisplay(r.phone)}</p>
                      <p className="truncate text-xs text-muted-foreground">
                        {[r.instagram && `@${r.instagram}`, r.referral && `referred by ${r.referral}`].filter(Boolean).join(' · ') || '—'}
                      </p>
                    </div>
                    <div className="flex shrink-0 items-center gap-3">
                      <span className="tabular hidden text-xs text-muted-foreground sm:inline">{formatDate(r.createdAt)}</span>
                      <StatusBadge status={r.status} map={accessRequestStatuses} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>

        <section aria-labelledby="admin-pages" className="grid content-start gap-4">
          <h2 id="admin-pages" className="font-display text-xl font-medium tracking-tight">
            Admin pages
          </h2>
          <ul className="grid gap-2">
            {pages.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    className="group flex items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm font-medium transition-colors hover:border-zinc-400 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {Icon && <Icon className="size-4 text-muted-foreground" aria-hidden="true" />}
                    <span className="flex-1">{item.label}</span>
                    <ArrowRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}
