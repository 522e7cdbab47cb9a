import { useState } from 'react';
import { formatCents } from '#common/format.ts';
import { formatUnits, type AdminFundDetail, type FundRequest } from '#common/funds.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ResponsiveTable, type Column } from '#web/components/responsive-table.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useDecideRequest } from './api/decide-request.ts';
import { dayText, personText, requestStatusStyles } from './labels.ts';

const asked = (r: FundRequest) =>
  r.kind === 'subscription'
    ? `Invest ${formatCents(r.amountCents)}`
    : r.unitsMicro
      ? `Redeem ${formatUnits(r.unitsMicro)} units`
      : 'Redeem the whole position';

/** Requests: members' asks to invest or redeem; accepting one creates a transaction dealt at the next valuation. */
export function RequestsTab({ data }: { data: AdminFundDetail }) {
  const [deciding, setDeciding] = useState<{ request: FundRequest; decision: 'accept' | 'reject' } | null>(null);
  const [note, setNote] = useState('');
  const decide = useDecideRequest();
  const rows = [...data.requests].sort(
    (a, b) => (a.status === 'pending' ? 0 : 1) - (b.status === 'pending' ? 0 : 1) || (a.createdAt < b.createdAt ? 1 : -1),
  );
  const open = (request: FundRequest, decision: 'accept' | 'reject') => {
    setNote('');
    setDeciding({ request, decision });
  };
  const columns: Column<FundRequest>[] = [
    {
      id: 'who',
      header: 'Member',
      card: 'primary',
      cell: (r) => (
        <span className="grid">
          <span className="font-medium">{personText(r.user)}</span>
          <span className="text-xs text-muted-foreground">asked {dayText(r.createdAt)}</span>
        </span>
      ),
    },
    { id: 'status', header: 'Status', card: 'aside', cell: (r) => <StatusBadge status={r.status} map={requestStatusStyles} /> },
    { id: 'ask', header: 'Request', className: 'tabular', cell: asked },
    {
      id: 'note',
      header: 'Notes',
      card: 'wide',
      cell: (r) =>
        [
          r.note ? `“${r.note}”` : '',
          r.decidedBy ? `${r.status === 'accepted' ? 'Accepted' : 'Decided'} by ${r.decidedBy}${r.decisionNote ? `: ${r.decisionNote}` : ''}` : '',
        ]
          .filter(Boolean)
          .join(' · ') || <span className="text-muted-foreground">—</span>,
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'footer',
      cell: (r) =>
        r.status === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="crimson" onClick={() => open(r, 'accept')} aria-label={`Accept: ${asked(r)} for ${personText(r.user)}`}>
              Accept
            </Button>
            <Button size="sm" variant="outline" onClick={() => open(r, 'reject')} aria-label={`Decline: ${asked(r)} for ${personText(r.user)}`}>
              Decline
            </Button>
          </div>
        ) : null,
    },
  ];
  const d = deciding;
  return (
    <div className="grid grid-cols-1 gap-4">
      {rows.length === 0 ? (
        <EmptyState title="No requests" description="Members ask to invest or redeem from the fund’s page." />
      ) : (
        <ResponsiveTable rows={rows} rowKey={(r) => r.id} columns={columns} rowTestId="request-row" cardTestId="request-card" />
      )}
      <ConfirmDialog
        open={!!d}
        onClose={() => setDeciding(null)}
        onConfirm={() =>
          d &&
          decide.mutate(
            { id: data.fund.id, requestId: d.request.id, input: { decision: d.decision, note: note.trim() || undefined } },
            {
              onSuccess: () => {
                toast({
                  title: d.decision === 'accept' ? 'Request accepted' : 'Request declined',
                  description: d.decision === 'accept' ? 'It is dealt at the next valuation.' : undefined,
                });
                setDeciding(null);
              },
              onError: (err) => {
                toast({ variant: 'destructive', title: 'Could not decide the request', description: errorMessage(err, 'Please try again.') });
                setDeciding(null);
              },
            },
          )
        }
        title={d ? `${d.decision === 'accept' ? 'Accept' : 'Decline'} ${personText(d.request.user)}’s request?` : ''}
        description={
          d
            ? d.decision === 'accept'
              ? `${asked(d.request)}. Accepting creates a transaction that the next valuation deals at its NAV per unit${d.request.kind === 'subscription' ? '; the cash must have been received' : ''}.`
              : `${asked(d.request)}. The member sees the request as declined.`
            : ''
        }
        confirmLabel={d?.decision === 'accept' ? 'Accept request' : 'Decline request'}
        confirmVariant={d?.decision === 'accept' ? 'crimson' : undefined}
        destructive={d?.decision === 'reject'}
        pending={decide.isPending}
      >
        <div className="grid gap-2">
          <Label htmlFor="decision-note">Note (optional)</Label>
          <Textarea id="decision-note" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
      </ConfirmDialog>
    </div>
  );
}
