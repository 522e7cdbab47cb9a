import { Link } from 'wouter';
import { gradeFloor, huntStatusLabels, huntTitle } from '#common/hunts.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useCloseHunt } from './api/close-hunt.ts';
import { useMyHunts } from './api/get-my-hunts.ts';
import { StatusHistory } from './status-history.tsx';
import { huntStatusMap, sourceStatusMap } from './status-maps.ts';

/** The member's hunts: status, budget, history, and the offers the team has approved. */
export function MyHunts() {
  const query = useMyHunts();
  const close = useCloseHunt();
  const onClose = (id: string) =>
    close.mutate(id, {
      onSuccess: () => toast({ title: 'Hunt closed' }),
      onError: (err) => toast({ title: 'Could not close the hunt', description: errorMessage(err, 'Try again.'), variant: 'destructive' }),
    });
  return (
    <PageQuery query={query} loadingLabel="Loading your hunts" errorTitle="Your hunts could not be loaded" skeletons={['h-32', 'h-32']}>
      {({ hunts }) =>
        hunts.length === 0 ? (
          <EmptyState
            title="No hunts yet"
            description="Tell us the card you are after and the team will look for it."
            action={
              <Button asChild variant="crimson">
                <Link href="/source/post">Post a hunt</Link>
              </Button>
            }
          />
        ) : (
          <ul className="grid gap-3">
            {hunts.map((h) => (
              <li key={h.id} className="grid gap-3 rounded-xl border bg-card p-4" data-hunt-id={h.id}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium break-words">{huntTitle(h)}</p>
                    <p className="text-sm text-muted-foreground">
                      {gradeFloor(h)} · up to <Money cents={h.maxBudgetCents} decimals={0} />
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <StatusBadge status={h.status} map={huntStatusMap} />
                    {(h.status === 'pending' || h.status === 'active') && (
                      <Button size="sm" variant="outline" onClick={() => onClose(h.id)} disabled={close.isPending}>
                        Close
                      </Button>
                    )}
                  </div>
                </div>
                {h.sources.length > 0 && (
                  <div className="grid gap-2 rounded-lg bg-muted/50 p-3 text-sm">
                    <p className="font-medium">Approved offers</p>
                    {h.sources.map((s) => (
                      <p key={s.id} className="flex flex-wrap items-center gap-2">
                        <StatusBadge status={s.status} map={sourceStatusMap} />
                        <span>{s.responder.name ?? 'A member'}</span>·
                        <span>{s.card ? `${s.card.year} ${s.card.brand} ${s.card.subject}` : s.description}</span>·
                        <Money cents={s.askingPriceCents} decimals={0} />
                      </p>
                    ))}
                  </div>
                )}
                <StatusHistory history={h.history} labels={huntStatusLabels} />
              </li>
            ))}
          </ul>
        )
      }
    </PageQuery>
  );
}
