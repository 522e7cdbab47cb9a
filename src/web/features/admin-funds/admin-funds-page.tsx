import { useState } from 'react';
import { Link } from 'wouter';
import { Plus } from 'lucide-react';
import { formatUnits } from '#common/funds.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useAdminFunds, type AdminFundsResponse } from './api/get-admin-funds.ts';
import { FundFormDialog } from './fund-form-dialog.tsx';
import { dayText, fundStatusStyles } from './labels.ts';

type Row = AdminFundsResponse['funds'][number];

const columns: Column<Row>[] = [
  {
    id: 'name',
    header: 'Fund',
    card: 'primary',
    cell: (f) => (
      <Link href={`/admin/funds/${encodeURIComponent(f.id)}/manage`} className="font-medium underline-offset-4 hover:underline">
        {f.name}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', card: 'aside', cell: (f) => <StatusBadge status={f.status} map={fundStatusStyles} /> },
  { id: 'aum', header: 'AUM', headerClassName: 'text-right', className: 'text-right', cell: (f) => <Money cents={f.aumCents} decimals={0} /> },
  { id: 'investors', header: 'Investors', headerClassName: 'text-right', className: 'tabular text-right', cell: (f) => f.investorCount },
  { id: 'holdings', header: 'Holdings', headerClassName: 'text-right', className: 'tabular text-right', cell: (f) => f.holdingsCount },
  { id: 'nav', header: 'NAV per unit', headerClassName: 'text-right', className: 'text-right', cell: (f) => <Money cents={f.navPerUnitCents} /> },
  {
    id: 'units',
    header: 'Units',
    headerClassName: 'text-right',
    className: 'tabular text-right',
    cell: (f) => formatUnits(f.unitsMicro),
    card: 'none',
  },
  { id: 'valued', header: 'Last valued', className: 'whitespace-nowrap', cell: (f) => dayText(f.lastValuedOn) },
  {
    id: 'waiting',
    header: 'Waiting',
    card: 'wide',
    cell: (f) =>
      f.pendingRequests + f.pendingTransactions === 0 ? (
        <span className="text-muted-foreground">—</span>
      ) : (
        <span className="text-warning">
          {[
            f.pendingRequests ? `${f.pendingRequests} request${f.pendingRequests === 1 ? '' : 's'}` : '',
            f.pendingTransactions ? `${f.pendingTransactions} to deal` : '',
          ]
            .filter(Boolean)
            .join(', ')}
        </span>
      ),
  },
];

/** /admin/funds: every fund with its AUM and investors; a new fund opens its manage page. */
export default function AdminFundsPage() {
  const query = useAdminFunds();
  const [creating, setCreating] = useState(false);
  const data = query.data;
  const totalAum = data?.funds.reduce((s, f) => s + f.aumCents, 0) ?? 0;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Funds"
        description="Managed card portfolios: holdings, valuations, investors and their requests."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> New fund
          </Button>
        }
      />
      {query.isPending ? (
        <ListLoading label="Loading funds" />
      ) : query.isError ? (
        <ListError title="We couldn't load the funds." error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data && data.funds.length === 0 ? (
        <EmptyState title="No funds yet" description="Create one, add cards from the vault and run its first valuation." />
      ) : data ? (
        <>
          <p className="text-sm text-muted-foreground">
            {data.funds.length} fund{data.funds.length === 1 ? '' : 's'} ·{' '}
            <Money cents={totalAum} decimals={0} className="font-medium text-foreground" /> under management
          </p>
          <ResponsiveTable rows={data.funds} rowKey={(f) => f.id} columns={columns} rowTestId="admin-fund-row" cardTestId="admin-fund-card" />
        </>
      ) : null}
      <FundFormDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
