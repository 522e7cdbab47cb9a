import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ArrowLeft, Pencil } from 'lucide-react';
import { formatUnits, type AdminFundDetail } from '#common/funds.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { ApiError } from '#web/lib/api.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { AuditTrailLink } from '#web/components/audit-trail-link.tsx';
import { useAdminFund } from './api/get-admin-fund.ts';
import { FundFormDialog } from './fund-form-dialog.tsx';
import { HoldingsTab } from './holdings-tab.tsx';
import { InvestorsTab } from './investors-tab.tsx';
import { dayText, fundStatusStyles } from './labels.ts';
import { RequestsTab } from './requests-tab.tsx';
import { TransactionsTab } from './transactions-tab.tsx';
import { ValuationsTab } from './valuations-tab.tsx';

export const manageTabs = ['holdings', 'valuations', 'investors', 'transactions', 'requests'] as const;
type Tab = (typeof manageTabs)[number];
const tabLabels: Record<Tab, string> = {
  holdings: 'Holdings',
  valuations: 'Valuations',
  investors: 'Investors',
  transactions: 'Transactions',
  requests: 'Requests',
};
const isTab = (t: string | null): t is Tab => !!t && (manageTabs as readonly string[]).includes(t);

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 rounded-xl border bg-card p-4 shadow-xs">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular mt-1 text-lg font-semibold">{children}</dd>
    </div>
  );
}

function Manage({ data }: { data: AdminFundDetail }) {
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const current = params.get('tab');
  const tab: Tab = isTab(current) ? current : 'holdings';
  const f = data.fund;
  const pendingRequests = data.requests.filter((r) => r.status === 'pending').length;
  const pendingTransactions = data.transactions.filter((t) => t.status === 'pending').length;
  const counts: Partial<Record<Tab, number>> = { requests: pendingRequests, transactions: pendingTransactions };
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        eyebrow="Manage fund"
        title={f.name}
        description={
          <>
            <StatusBadge status={f.status} map={fundStatusStyles} /> <span className="ml-1">Last valued {dayText(f.lastValuedOn)} · </span>
            <Link href={`/funds/${f.id}`} className="underline underline-offset-4">
              Member page
            </Link>
          </>
        }
        actions={
          <>
            <AuditTrailLink targetType="fund" targetId={f.id} className="h-9" />
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" /> Edit fund
            </Button>
          </>
        }
      />
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure label="AUM">
          <Money cents={f.aumCents} decimals={0} />
        </Figure>
        <Figure label="NAV per unit">
          <Money cents={f.navPerUnitCents} />
        </Figure>
        <Figure label="Cash">
          <Money cents={f.cashCents} decimals={0} />
        </Figure>
        <Figure label="Units outstanding">{formatUnits(f.unitsMicro)}</Figure>
        <Figure label="Investors">{f.investorCount}</Figure>
      </dl>
      <Tabs
        value={tab}
        onValueChange={(t) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (t === 'holdings') next.delete('tab');
              else next.set('tab', t);
              return next;
            },
            { replace: true },
          )
        }
      >
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList>
            {manageTabs.map((t) => (
              <TabsTrigger key={t} value={t}>
                {tabLabels[t]}
                {counts[t] ? (
                  <span className="relative ml-1.5 rounded-full bg-amber-100 px-1.5 text-xs text-amber-900">
                    {counts[t]}
                    {/* relative: the absolute sr-only text stays inside the scrolling tab list */}
                    <span className="sr-only"> waiting</span>
                  </span>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="holdings">
          <HoldingsTab data={data} />
        </TabsContent>
        <TabsContent value="valuations">
          <ValuationsTab data={data} />
        </TabsContent>
        <TabsContent value="investors">
          <InvestorsTab data={data} />
        </TabsContent>
        <TabsContent value="transactions">
          <TransactionsTab data={data} />
        </TabsContent>
        <TabsContent value="requests">
          <RequestsTab data={data} />
        </TabsContent>
      </Tabs>
      <FundFormDialog open={editing} onClose={() => setEditing(false)} fund={f} />
    </div>
  );
}

/** /admin/funds/{id}/manage: holdings, valuations, investors, transactions and requests, one tab each (kept in ?tab=). */
export default function ManageFundPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? '';
  const query = useAdminFund(id);
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <Link href="/admin/funds" className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        All funds
      </Link>
      {notFound ? (
        <EmptyState notFound title="Fund not found" description="It may have been removed, or the link is wrong." />
      ) : (
        <PageQuery query={query} loadingLabel="Loading the fund" errorTitle="We couldn't load this fund" skeletons={['h-24', 'h-20', 'h-96']}>
          {(data) => <Manage data={data} />}
        </PageQuery>
      )}
    </div>
  );
}
