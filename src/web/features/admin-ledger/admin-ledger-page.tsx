import { useEffect } from 'react';
import { X } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { LEDGER_ENTRIES_PAGE_SIZE, type LedgerEntriesQuery, type LedgerEntry, type TrialBalance } from '#common/ledger.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading, ToolbarField } from '#web/components/list-parts.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useLedgerEntries } from './api/get-ledger-entries.ts';
import { useTrialBalance } from './api/get-trial-balance.ts';
import { ReconciliationSection } from './reconciliation-section.tsx';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';
const filterNames = ['account', 'invoiceId', 'from', 'to'] as const;
const timeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cents = (n: number) => (n === 0 ? '—' : formatCents(n));

function TrialBalanceCard({ tb, onAccount }: { tb: TrialBalance; onAccount: (code: string) => void }) {
  const columns: Column<TrialBalance['accounts'][number]>[] = [
    {
      id: 'account',
      header: 'Account',
      cell: (a) => (
        <button
          type="button"
          className="text-left underline-offset-4 hover:underline"
          onClick={() => onAccount(a.code)}
          title="Show this account's entries"
        >
          {a.name}
          <span className="block font-mono text-xs text-muted-foreground">{a.code}</span>
        </button>
      ),
      card: 'primary',
    },
    { id: 'kind', header: 'Kind', cell: (a) => <span className="text-muted-foreground">{a.kind.replace('_', '-')}</span>, card: 'field' },
    {
      id: 'balance',
      header: 'Balance',
      cell: (a) => <span className="tabular">{formatCents(a.balanceCents)}</span>,
      className: 'text-right',
      headerClassName: 'text-right',
      card: 'aside',
    },
  ];
  return (
    <section aria-labelledby="tb-title" className="grid min-w-0 grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tb-title" className="text-lg font-semibold">
          Trial balance
        </h2>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="tabular">Debits {formatCents(tb.debitsCents)}</span>
          <span className="tabular">Credits {formatCents(tb.creditsCents)}</span>
          <Badge variant={tb.balanced ? 'success' : 'destructive'}>{tb.balanced ? 'Balanced' : 'Out of balance'}</Badge>
        </div>
      </div>
      <ResponsiveTable rows={tb.accounts} rowKey={(a) => a.code} columns={columns} rowTestId="ledger-account-row" cardTestId="ledger-account-card" />
    </section>
  );
}

function EntryLines({ entry }: { entry: LedgerEntry }) {
  return (
    <table className="w-full text-sm">
      <thead className="sr-only">
        <tr>
          <th>Account</th>
          <th>Debit</th>
          <th>Credit</th>
        </tr>
      </thead>
      <tbody>
        {entry.lines.map((l, i) => (
          <tr key={i} className="align-top">
            <td className={l.creditCents > 0 ? 'pl-6' : undefined}>
              {l.accountName}
              {l.memo && <span className="block text-xs text-muted-foreground">{l.memo}</span>}
            </td>
            <td className="w-28 text-right tabular">{cents(l.debitCents)}</td>
            <td className="w-28 text-right tabular">{cents(l.creditCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** /admin/ledger: the trial balance and the journal, by account, invoice and day (decision 132). */
export default function AdminLedgerPage() {
  const list = useListState([...filterNames]);
  const { page, filters, setFilter, setPage } = list;
  const invoiceOk = !filters.invoiceId || UUID.test(filters.invoiceId);
  const datesBackwards = Boolean(filters.from && filters.to && filters.from > filters.to);
  const params: LedgerEntriesQuery = {
    page,
    account: filters.account,
    invoiceId: invoiceOk ? filters.invoiceId : undefined,
    from: filters.from,
    to: filters.to,
  };
  const tb = useTrialBalance();
  const entries = useLedgerEntries(params);
  const filtered = filterNames.some((n) => filters[n]);

  useEffect(() => {
    document.title = 'Ledger';
  }, []);

  const columns: Column<LedgerEntry>[] = [
    {
      id: 'time',
      header: 'Time (UTC)',
      cell: (e) => (
        <time dateTime={e.occurredAt} className="whitespace-nowrap tabular">
          {timeFormat.format(new Date(e.occurredAt))}
        </time>
      ),
      card: 'field',
    },
    {
      id: 'memo',
      header: 'Entry',
      cell: (e) => (
        <div className="grid gap-1">
          <span>{e.memo}</span>
          <span className="font-mono text-xs text-muted-foreground">{e.causeType.replace('_', ' ')}</span>
          {e.reversesEntryId && <Badge variant="warning">Reversal</Badge>}
        </div>
      ),
      // Long memos wrap, so the journal fits the page beside its lines.
      className: 'whitespace-normal break-words',
      card: 'primary',
    },
    {
      id: 'lines',
      header: 'Lines (debit / credit)',
      cell: (e) => <EntryLines entry={e} />,
      className: 'whitespace-normal md:min-w-[24rem]',
      card: 'wide',
    },
  ];

  const accounts = tb.data?.accounts ?? [];
  const rows = entries.data?.entries ?? [];
  return (
    <div className="mx-auto grid w-full max-w-7xl min-w-0 grid-cols-1 gap-8 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Money"
        title="Ledger"
        description="Every money movement as a balanced journal entry. Entries are never edited; a correction is a reversing entry. Amounts in US dollars."
      />
      {tb.isPending ? (
        <ListLoading label="Loading the trial balance" />
      ) : tb.isError ? (
        <ListError title="We couldn't load the trial balance." error={tb.error} onRetry={() => void tb.refetch()} retrying={tb.isFetching} />
      ) : (
        <TrialBalanceCard tb={tb.data} onAccount={(code) => setFilter('account', code)} />
      )}
      <ReconciliationSection />
      <section aria-labelledby="entries-title" className="grid min-w-0 grid-cols-1 gap-4">
        <h2 id="entries-title" className="text-lg font-semibold">
          Journal entries
        </h2>
        <form
          role="search"
          aria-label="Filter the journal"
          className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
          onSubmit={(e) => e.preventDefault()}
        >
          <ToolbarField label="Account">
            {(id) => (
              <select
                id={id}
                className={selectClass}
                value={filters.account ?? ''}
                onChange={(e) => setFilter('account', e.target.value || undefined)}
              >
                <option value="">Any account</option>
                {accounts.map((a) => (
                  <option key={a.code} value={a.code}>
                    {a.name}
                  </option>
                ))}
              </select>
            )}
          </ToolbarField>
          <ToolbarField label="Invoice id">
            {(id) => (
              <>
                <Input
                  id={id}
                  value={filters.invoiceId ?? ''}
                  placeholder="Invoice id"
                  onChange={(e) => setFilter('invoiceId', e.target.value.trim() || undefined)}
                  aria-invalid={!invoiceOk || undefined}
                />
                {!invoiceOk && <p className="text-sm text-destructive">Paste the invoice's id</p>}
              </>
            )}
          </ToolbarField>
          <ToolbarField label="From">
            {(id) => (
              <Input
                id={id}
                type="date"
                value={filters.from ?? ''}
                max={filters.to}
                onChange={(e) => setFilter('from', e.target.value || undefined)}
              />
            )}
          </ToolbarField>
          <ToolbarField label="To">
            {(id) => (
              <>
                <Input
                  id={id}
                  type="date"
                  value={filters.to ?? ''}
                  min={filters.from}
                  onChange={(e) => setFilter('to', e.target.value || undefined)}
                  aria-invalid={datesBackwards || undefined}
                />
                {datesBackwards && <p className="text-sm text-destructive">The start date is after the end date</p>}
              </>
            )}
          </ToolbarField>
        </form>
        {filtered && (
          <div>
            <Button variant="ghost" size="sm" onClick={() => filterNames.forEach((n) => setFilter(n, undefined))}>
              <X aria-hidden="true" />
              Clear filters
            </Button>
          </div>
        )}
        {datesBackwards ? null : entries.isPending ? (
          <ListLoading label="Loading the journal" />
        ) : entries.isError ? (
          <ListError
            title="We couldn't load the journal."
            error={entries.error}
            onRetry={() => void entries.refetch()}
            retrying={entries.isFetching}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            title={filtered ? 'No entries match' : 'No entries yet'}
            description={filtered ? 'Try other filters or a wider date range.' : 'Payments, sales, loans and fund deals appear here as they happen.'}
          />
        ) : (
          <ResponsiveTable rows={rows} rowKey={(e) => e.id} columns={columns} rowTestId="ledger-entry-row" cardTestId="ledger-entry-card" />
        )}
        <div className="flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" disabled={page <= 1 || entries.isFetching} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <span className="text-sm text-muted-foreground tabular">Page {page}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={rows.length < LEDGER_ENTRIES_PAGE_SIZE || entries.isFetching}
            onClick={() => setPage(page + 1)}
          >
            Older
          </Button>
        </div>
      </section>
    </div>
  );
}
