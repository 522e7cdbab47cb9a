import { useState } from 'react';
import { Plus } from 'lucide-react';
import { EmptyState } from '#web/components/empty-state.tsx';
import { FilterSelect, ListCount, ListError, ListLoading, pageRange } from '#web/components/list-parts.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useAdminInvoices } from './api/get-admin-invoices.ts';
import { invoiceStatuses, type AdminInvoicesQuery, type InvoiceStatus } from '#common/money.ts';
import { invoiceColumns } from './invoice-columns.tsx';
import { invoiceStatusStyles } from './labels.ts';
import { NewInvoiceDialog } from './new-invoice-dialog.tsx';

function Total({ title, cents, testId }: { title: string; cents: number | undefined; testId: string }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-xs">
      <p className="text-xs font-medium text-muted-foreground sm:text-sm">{title}</p>
      <p className="mt-1 text-lg font-semibold sm:text-2xl" data-testid={testId}>
        {cents === undefined ? <span className="text-muted-foreground">—</span> : <Money cents={cents} />}
      </p>
    </div>
  );
}

export default function InvoicesPage() {
  const list = useListState(['status']);
  const { q, page, filters } = list;
  const [creating, setCreating] = useState(false);
  // "overdue" is a filter of its own on the server: sent and past due.
  const status =
    filters.status === 'overdue'
      ? undefined
      : (invoiceStatuses as readonly string[]).includes(filters.status ?? '')
        ? (filters.status as InvoiceStatus)
        : undefined;
  const params: AdminInvoicesQuery = { q: q || undefined, status, overdue: filters.status === 'overdue' ? 'true' : undefined, page };
  const query = useAdminInvoices(params);
  const data = query.data;
  const total = data?.total ?? 0;
  const pageSize = data?.pageSize ?? 50;
  const filtered = !!filters.status || !!q;

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Invoices"
        description="Fees billed to members. Drafts can be edited; sent invoices are paid through checkout."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> New invoice
          </Button>
        }
      />
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Total title="Outstanding" cents={data?.outstandingCents} testId="total-outstanding" />
        <Total title="Paid this month" cents={data?.paidThisMonthCents} testId="total-paid-month" />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-3 sm:flex sm:items-end">
          <SearchInput
            label="Search invoices by number or member"
            placeholder="INV-000123, name or phone"
            value={list.search}
            onChange={list.setSearch}
            className="w-full sm:w-80"
          />
          <FilterSelect label="Status" value={filters.status ?? ''} onChange={(v) => list.setFilter('status', v)}>
            <option value="">Any status</option>
            {invoiceStatuses.map((s) => (
              <option key={s} value={s}>
                {invoiceStatusStyles[s].label}
              </option>
            ))}
            <option value="overdue">Overdue</option>
          </FilterSelect>
        </div>
        <ListCount loaded={!!data} updating={query.isFetching && !query.isPending} page={page} total={total} pageSize={pageSize} none="No invoices" />
      </div>
      {query.isPending ? (
        <ListLoading label="Loading invoices" />
      ) : query.isError ? (
        <ListError title="We couldn't load invoices." error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data && data.invoices.length === 0 ? (
        <EmptyState
          title={filtered ? 'No invoices match' : 'No invoices yet'}
          description={filtered ? 'Try another number, member or status.' : 'Create one from a fee template to bill a member.'}
        />
      ) : data ? (
        <ResponsiveTable rows={data.invoices} rowKey={(i) => i.id} columns={invoiceColumns} rowTestId="invoice-row" cardTestId="invoice-card" />
      ) : null}
      <Pagination page={page} pages={pageRange(page, total, pageSize).pages} onPageChange={list.setPage} disabled={query.isFetching} />
      <NewInvoiceDialog open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
