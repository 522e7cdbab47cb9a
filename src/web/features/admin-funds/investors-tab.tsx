import { formatUnits, type AdminFundDetail, type AdminInvestor } from '#common/funds.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { formatCents } from '#common/format.ts';
import { personText } from './labels.ts';

const columns: Column<AdminInvestor>[] = [
  { id: 'who', header: 'Investor', card: 'primary', className: 'font-medium', cell: (i) => personText(i.user) },
  {
    id: 'value',
    header: 'Value',
    card: 'aside',
    headerClassName: 'text-right',
    className: 'text-right',
    cell: (i) => <Money cents={i.valueCents} className="font-medium" />,
  },
  { id: 'units', header: 'Units', headerClassName: 'text-right', className: 'tabular text-right', cell: (i) => formatUnits(i.unitsMicro) },
  { id: 'invested', header: 'Invested', headerClassName: 'text-right', className: 'text-right', cell: (i) => <Money cents={i.investedCents} /> },
  {
    id: 'pending',
    header: 'Awaiting valuation',
    card: 'wide',
    cell: (i) => {
      const parts = [
        i.pendingSubscriptionCents > 0 ? `${formatCents(i.pendingSubscriptionCents)} in` : '',
        i.pendingRedemptionUnitsMicro > 0 ? `${formatUnits(i.pendingRedemptionUnitsMicro)} units out` : '',
      ].filter(Boolean);
      return parts.length ? <span className="text-warning">{parts.join(', ')}</span> : <span className="text-muted-foreground">—</span>;
    },
  },
];

/** Investors: each member's units and value at the last NAV per unit (positions are the sum of their transactions). */
export function InvestorsTab({ data }: { data: AdminFundDetail }) {
  const total = data.investors.reduce((s, i) => s + i.unitsMicro, 0);
  if (data.investors.length === 0)
    return <EmptyState title="No investors yet" description="Subscriptions become positions when a valuation deals them." />;
  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-sm text-muted-foreground">
        {data.investors.length} investor{data.investors.length === 1 ? '' : 's'} holding <span className="tabular">{formatUnits(total)}</span> units.
      </p>
      <ResponsiveTable rows={data.investors} rowKey={(i) => i.user.id} columns={columns} rowTestId="investor-row" cardTestId="investor-card" />
    </div>
  );
}
