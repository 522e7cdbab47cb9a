import { huntTitle, sourceStatusLabels } from '#common/hunts.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useMySources } from './api/get-my-sources.ts';
import { useWithdrawSource } from './api/withdraw-source.ts';
import { StatusHistory } from './status-history.tsx';
import { sourceStatusMap } from './status-maps.ts';

/** The member's offers on others' hunts, with their status history. */
export function MyOffers() {
  const query = useMySources();
  const withdraw = useWithdrawSource();
  const onWithdraw = (id: string) =>
    withdraw.mutate(id, {
      onSuccess: () => toast({ title: 'Offer withdrawn' }),
      onError: (err) => toast({ title: 'Could not withdraw the offer', description: errorMessage(err, 'Try again.'), variant: 'destructive' }),
    });
  return (
    <PageQuery query={query} loadingLabel="Loading your offers" errorTitle="Your offers could not be loaded" skeletons={['h-32', 'h-32']}>
      {({ sources }) =>
        sources.length === 0 ? (
          <EmptyState title="No offers yet" description="When a hunt on the board matches a card you hold, choose “I have this card”." />
        ) : (
          <ul className="grid gap-3">
            {sources.map((s) => (
              <li key={s.id} className="grid gap-3 rounded-xl border bg-card p-4" data-source-id={s.id}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{huntTitle(s.hunt)}</p>
                    <p className="text-sm text-muted-foreground">
                      {s.card ? `${s.card.year} ${s.card.brand} ${s.card.subject}` : s.description} · asking{' '}
                      <Money cents={s.askingPriceCents} decimals={0} />
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <StatusBadge status={s.status} map={sourceStatusMap} />
                    {(s.status === 'pending' || s.status === 'active') && (
                      <Button size="sm" variant="outline" onClick={() => onWithdraw(s.id)} disabled={withdraw.isPending}>
                        Withdraw
                      </Button>
                    )}
                  </div>
                </div>
                <StatusHistory history={s.history} labels={sourceStatusLabels} />
              </li>
            ))}
          </ul>
        )
      }
    </PageQuery>
  );
}
