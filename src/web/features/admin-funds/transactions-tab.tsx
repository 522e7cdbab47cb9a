import { useState } from 'react';
import { Plus } from 'lucide-react';
import { formatUnits, fundTransactionKindLabels, type AdminFundDetail, type FundTransaction } from '#common/funds.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Money } from '#web/components/money.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useCancelTransaction } from './api/cancel-transaction.ts';
import { dayText, personText, transactionStatusStyles } from './labels.ts';
import { RecordTransactionDialog } from './record-transaction-dialog.tsx';

const sourceText: Record<FundTransaction['source'], string> = {
  request: 'member request',
  onboarding: 'onboarding deposit',
  admin: 'recorded by staff',
  valuation: 'valuation',
};

/** Transactions: every subscription, redemption and fee, newest first; pending ones can be withdrawn. */
export function TransactionsTab({ data }: { data: AdminFundDetail }) {
  const [recording, setRecording] = useState(false);
  const [cancelling, setCancelling] = useState<FundTransaction | null>(null);
  const cancel = useCancelTransaction();
  const rows = [...data.transactions].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  const columns: Column<FundTransaction>[] = [
    {
      id: 'kind',
      header: 'Transaction',
      card: 'primary',
      cell: (t) => (
        <span className="grid">
          <span className="font-medium">{fundTransactionKindLabels[t.kind]}</span>
          <span className="text-xs text-muted-foreground">
            {personText(t.user)} · {sourceText[t.source]}
          </span>
        </span>
      ),
    },
    { id: 'status', header: 'Status', card: 'aside', cell: (t) => <StatusBadge status={t.status} map={transactionStatusStyles} /> },
    {
      id: 'amount',
      header: 'Amount',
      headerClassName: 'text-right',
      className: 'text-right',
      cell: (t) => (t.amountCents === null ? '—' : <Money cents={t.amountCents} />),
    },
    {
      id: 'units',
      header: 'Units',
      headerClassName: 'text-right',
      className: 'tabular text-right',
      cell: (t) => (t.unitsMicro === null ? '—' : `${t.unitsMicro > 0 ? '+' : ''}${formatUnits(t.unitsMicro)}`),
    },
    {
      id: 'price',
      header: 'At NAV per unit',
      headerClassName: 'text-right',
      className: 'text-right',
      cell: (t) => (t.navPerUnitCents === null ? '—' : <Money cents={t.navPerUnitCents} />),
    },
    { id: 'dealt', header: 'Dealt', className: 'whitespace-nowrap', cell: (t) => (t.dealtOn ? dayText(t.dealtOn) : `asked ${dayText(t.createdAt)}`) },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'footer',
      cell: (t) =>
        t.status === 'pending' ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setCancelling(t)}
            aria-label={`Cancel ${fundTransactionKindLabels[t.kind].toLowerCase()} for ${personText(t.user)}`}
          >
            Cancel
          </Button>
        ) : null,
    },
  ];
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">Positions are the sum of these; nothing else changes them.</p>
        <Button onClick={() => setRecording(true)} disabled={data.investors.length === 0}>
          <Plus aria-hidden="true" /> Record transaction
        </Button>
      </div>
      {rows.length === 0 ? (
        <EmptyState
          title="No transactions yet"
          description="Accepted requests and onboarding deposits appear here, then are dealt at the next valuation."
        />
      ) : (
        <ResponsiveTable rows={rows} rowKey={(t) => t.id} columns={columns} rowTestId="transaction-row" cardTestId="transaction-card" />
      )}
      <RecordTransactionDialog data={data} open={recording} onClose={() => setRecording(false)} />
      <ConfirmDialog
        open={!!cancelling}
        onClose={() => setCancelling(null)}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(
            { id: data.fund.id, transactionId: cancelling.id },
            {
              onSuccess: () => (toast({ title: 'Transaction cancelled' }), setCancelling(null)),
              onError: (err) => (
                toast({ variant: 'destructive', title: 'Could not cancel', description: errorMessage(err, 'Please try again.') }),
                setCancelling(null)
              ),
            },
          )
        }
        title="Cancel this transaction?"
        description={
          cancelling
            ? `The ${fundTransactionKindLabels[cancelling.kind].toLowerCase()} for ${personText(cancelling.user)} will not be dealt. It cannot be undone.`
            : ''
        }
        confirmLabel="Cancel transaction"
        destructive
        pending={cancel.isPending}
      />
    </div>
  );
}
