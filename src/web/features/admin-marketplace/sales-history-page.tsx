import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AuditTrailLink } from '#web/components/audit-trail-link.tsx';
import { Download } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import {
  payoutStatusLabels,
  saleKindLabels,
  saleKinds,
  salesPeriods,
  type AdminSalesQueryInput,
  type SaleKind,
  type SaleRow,
  type SalesPeriod,
  type Seller,
} from '#common/marketplace.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { salesCsvUrl, useAdminSales, useMarkPayoutPaid } from './api/sales.ts';
import { DateRangePicker, useDateRange } from './date-range.tsx';
import { CardCell, FilterSelect, Stat } from './parts.tsx';

const periodLabels: Record<SalesPeriod, string> = { day: 'Per day', week: 'Per week', month: 'Per month' };
const party = (s: Seller) => (s.kind === 'house' ? 'The house' : (s.name ?? 'Member'));

function PayoutCell({ sale }: { sale: SaleRow }) {
  const mark = useMarkPayoutPaid();
  if (sale.payoutStatus !== 'owed')
    return (
      <span className="text-muted-foreground">
        {sale.payoutStatus === 'paid' && sale.payoutPaidAt ? `Paid ${formatDate(sale.payoutPaidAt)}` : payoutStatusLabels[sale.payoutStatus]}
      </span>
    );
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={mark.isPending}
      onClick={() =>
        mark.mutate(sale.id, {
          onSuccess: () => toast({ title: 'Payout marked as paid' }),
          onError: (e) => toast({ variant: 'destructive', title: 'Could not mark the payout', description: errorMessage(e, 'Please try again.') }),
        })
      }
    >
      Mark paid
    </Button>
  );
}

const columns: Column<SaleRow>[] = [
  { id: 'card', header: 'Card', cell: (s) => <CardCell card={s.card} />, card: 'primary' },
  { id: 'date', header: 'Date', cell: (s) => formatDate(s.soldAt), card: 'aside' },
  { id: 'kind', header: 'Kind', cell: (s) => saleKindLabels[s.kind], card: 'field' },
  { id: 'buyer', header: 'Buyer', cell: (s) => party(s.buyer), card: 'field' },
  { id: 'seller', header: 'Seller', cell: (s) => party(s.seller), card: 'field' },
  {
    id: 'price',
    header: 'Price',
    cell: (s) => <Money cents={s.priceCents} />,
    card: 'field',
    className: 'text-right',
    headerClassName: 'text-right',
  },
  { id: 'fees', header: 'Fees', cell: (s) => <Money cents={s.feesCents} />, card: 'field', className: 'text-right', headerClassName: 'text-right' },
  {
    id: 'total',
    header: 'Total',
    cell: (s) => <Money cents={s.totalCents} className="font-medium" />,
    card: 'field',
    className: 'text-right',
    headerClassName: 'text-right',
  },
  { id: 'payout', header: 'Payout', cell: (s) => <PayoutCell sale={s} />, card: 'footer' },
  {
    id: 'audit',
    header: <span className="sr-only">Audit trail</span>,
    cell: (s) => (
      <AuditTrailLink targetType="sale" targetId={s.id} label="Audit" aria-label={`Audit trail for the sale of ${s.card.year} ${s.card.subject}`} />
    ),
    card: 'footer',
  },
];

/** /admin/sales: every completed sale, totals by period, CSV export. */
export default function SalesHistoryPage() {
  const range = useDateRange(365);
  const kindRaw = range.params.get('kind');
  const kind = (saleKinds as readonly string[]).includes(kindRaw ?? '') ? (kindRaw as SaleKind) : undefined;
  const periodRaw = range.params.get('period');
  const period: SalesPeriod = (salesPeriods as readonly string[]).includes(periodRaw ?? '') ? (periodRaw as SalesPeriod) : 'month';
  const params: AdminSalesQueryInput = { from: range.from, to: range.to, kind, period };
  const query = useAdminSales(params);
  const data = query.data;
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Sales History"
        description="Every completed sale: MarketPlace purchases and cards bought by the house."
        actions={
          <Button variant="outline" asChild>
            <a href={salesCsvUrl(params)} download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-4">
        <DateRangePicker from={range.from} to={range.to} onChange={range.set} />
        <FilterSelect label="Kind" value={kind ?? ''} onChange={(v) => range.set({ kind: v })}>
          <option value="">All sales</option>
          {saleKinds.map((k) => (
            <option key={k} value={k}>
              {saleKindLabels[k]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect label="Totals" value={period} onChange={(v) => range.set({ period: v === 'month' ? undefined : v })}>
          {salesPeriods.map((p) => (
            <option key={p} value={p}>
              {periodLabels[p]}
            </option>
          ))}
        </FilterSelect>
      </div>
      {query.isPending ? (
        <ListLoading label="Loading sales" />
      ) : query.isError || !data ? (
        <ListError title="Sales could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
            <Stat label="Sales" value={data.totals.count} testId="sales-count" />
            <Stat label="Sale prices" value={<Money cents={data.totals.priceCents} decimals={0} />} />
            <Stat label="Fees" value={<Money cents={data.totals.feesCents} decimals={0} />} />
            <Stat label="Total paid by buyers" value={<Money cents={data.totals.totalCents} decimals={0} />} testId="sales-total" />
            <Stat label="Payouts owed" value={<Money cents={data.totals.payoutsOwedCents} decimals={0} />} />
          </div>
          {data.byPeriod.length > 0 && (
            <section className="min-w-0 rounded-xl border bg-card p-4" aria-label={`Totals ${periodLabels[period].toLowerCase()}`}>
              <h2 className="mb-3 font-medium">Totals {periodLabels[period].toLowerCase()}</h2>
              <div className="h-64">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data.byPeriod} margin={{ left: 8, right: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                    <XAxis dataKey="period" fontSize={11} tickFormatter={(d: string) => (period === 'month' ? d.slice(0, 7) : d.slice(5))} />
                    <YAxis fontSize={11} tickFormatter={(c: number) => formatCents(c, 0)} width={80} />
                    <Tooltip formatter={(v) => formatCents(Number(v))} />
                    <Bar dataKey="totalCents" name="Total" fill="var(--color-crimson, #b91c1c)" />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <table className="mt-3 w-full text-sm">
                <caption className="sr-only">Totals {periodLabels[period].toLowerCase()}</caption>
                <thead>
                  <tr className="text-left text-xs text-muted-foreground">
                    <th className="py-1 font-normal">Period</th>
                    <th className="py-1 text-right font-normal">Sales</th>
                    <th className="py-1 text-right font-normal">Fees</th>
                    <th className="py-1 text-right font-normal">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {data.byPeriod.map((p) => (
                    <tr key={p.period} className="border-t">
                      <td className="py-1">{p.period}</td>
                      <td className="py-1 text-right tabular">{p.count}</td>
                      <td className="py-1 text-right">
                        <Money cents={p.feesCents} />
                      </td>
                      <td className="py-1 text-right">
                        <Money cents={p.totalCents} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          {data.sales.length === 0 ? (
            <EmptyState title="No sales in this range" description="Widen the dates or clear the kind filter." />
          ) : (
            <>
              <ResponsiveTable rows={data.sales} rowKey={(s) => s.id} columns={columns} rowTestId="admin-sale" cardTestId="admin-sale" />
              {data.truncated && (
                <p className="text-sm text-muted-foreground">
                  Showing the latest {data.sales.length} sales; the totals and the CSV include them all.
                </p>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
