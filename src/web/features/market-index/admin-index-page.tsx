import { useState } from 'react';
import { Link } from 'wouter';
import { formatDate } from '#web/lib/dates.ts';
import type { AdminConstituent } from '#common/market-index.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { ResponsiveTable } from '#web/components/responsive-table.tsx';
import { StatusBadge, type StatusMap } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useAdminIndex } from './api/get-admin-index.ts';
import { useRetireConstituent } from './api/retire-constituent.ts';
import { AddConstituentForm } from './add-constituent-form.tsx';
import { cardTitle } from './format.ts';
import { ImportPanel } from './import-panel.tsx';
import { RebalancePanel } from './rebalance-panel.tsx';
import { IndexSettingsPanel } from './settings-panel.tsx';

type IndexStatus = 'retired' | 'member' | 'eligible' | 'ineligible';
const statusMap: StatusMap<IndexStatus> = {
  retired: { label: 'Retired', tone: 'muted' },
  member: { label: 'In the index', tone: 'success' },
  eligible: { label: 'Eligible', tone: 'neutral' },
  ineligible: { label: 'Not eligible', tone: 'warning' },
};
const statusOf = (c: AdminConstituent): IndexStatus => (c.retiredOn ? 'retired' : c.inIndex ? 'member' : c.eligible ? 'eligible' : 'ineligible');

/** /admin/index: constituents with eligibility, add and retire, CSV import, rebalance. */
export default function AdminIndexPage() {
  const query = useAdminIndex();
  const retire = useRetireConstituent();
  const [retiring, setRetiring] = useState<AdminConstituent | null>(null);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Admin"
        title="Market Index"
        description="Constituents, prices and reviews. Every change is recomputed from the observations and published on the method page."
        actions={
          <Link href="/wsi" className="text-sm underline underline-offset-4">
            Method and divisor log
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <ImportPanel recomputePending={query.data?.recomputePending ?? false} />
        <RebalancePanel />
      </div>
      <IndexSettingsPanel />
      <PageQuery query={query} loadingLabel="Loading the constituents" errorTitle="The constituents could not be loaded" skeletons={['h-96']}>
        {(d) => (
          <section className="grid gap-3">
            <h2 className="text-lg font-semibold">
              Constituents ({d.constituents.filter((c) => c.inIndex).length} in the index of {d.constituents.length})
            </h2>
            <p className="text-sm text-muted-foreground">
              Last recomputed {d.lastRecomputedAt ? new Date(d.lastRecomputedAt).toLocaleString('en-US') : 'never'}. Sales counted for eligibility:
              last 365 and 183 days.
            </p>
            <ResponsiveTable
              rows={d.constituents}
              rowKey={(c) => c.id}
              rowTestId="admin-constituent-row"
              columns={[
                {
                  id: 'card',
                  header: 'Card',
                  card: 'primary',
                  cell: (c) => (
                    <Link href={`/WonderShyneIndex/${c.id}`} className="font-medium hover:underline">
                      {cardTitle(c)}
                    </Link>
                  ),
                },
                { id: 'status', header: 'Status', card: 'aside', cell: (c) => <StatusBadge status={statusOf(c)} map={statusMap} /> },
                { id: 'sales', header: 'Sales 365 / 183 d', className: 'tabular', cell: (c) => `${c.salesLong} / ${c.salesShort}` },
                { id: 'obs', header: 'Observations', className: 'tabular', cell: (c) => c.observations },
                {
                  id: 'last',
                  header: 'Last price',
                  cell: (c) =>
                    c.lastPriceCents == null ? (
                      '—'
                    ) : (
                      <span>
                        <Money cents={c.lastPriceCents} /> <span className="text-xs text-muted-foreground">{formatDate(c.lastObservedOn)}</span>
                      </span>
                    ),
                },
                {
                  id: 'actions',
                  header: <span className="sr-only">Actions</span>,
                  card: 'footer',
                  cell: (c) =>
                    c.retiredOn ? null : (
                      <Button size="sm" variant="outline" onClick={() => setRetiring(c)}>
                        Retire
                      </Button>
                    ),
                },
              ]}
            />
          </section>
        )}
      </PageQuery>
      <AddConstituentForm />
      <ConfirmDialog
        open={retiring !== null}
        onClose={() => setRetiring(null)}
        title="Retire this constituent?"
        description={
          retiring
            ? `${cardTitle(retiring)} leaves the index today; the divisor is adjusted so the level does not move. Its prices stay published.`
            : ''
        }
        confirmLabel="Retire"
        destructive
        pending={retire.isPending}
        onConfirm={() =>
          retiring &&
          retire.mutate(retiring.id, {
            onSuccess: () => {
              toast({ title: 'Constituent retired' });
              setRetiring(null);
            },
            onError: (err) =>
              toast({ variant: 'destructive', title: 'Not retired', description: errorMessage(err, 'The constituent could not be retired') }),
          })
        }
      />
    </div>
  );
}
