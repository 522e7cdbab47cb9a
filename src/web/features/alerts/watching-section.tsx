import { useState } from 'react';
import { Link } from 'wouter';
import { Trash2 } from 'lucide-react';
import type { Alert } from '#common/alerts.ts';
import { formatCents } from '#common/format.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/dates.ts';
import { cn } from '#web/lib/utils.ts';
import { useAlerts } from './api/get-alerts.ts';
import { useRemoveAlert } from './api/remove-alert.ts';

/** What the alert is waiting for, in words. */
function watchesFor(a: Alert): string {
  const parts: string[] = [];
  if (a.above != null) parts.push(`rises to ${formatCents(a.above, 0)}`);
  if (a.below != null) parts.push(`falls to ${formatCents(a.below, 0)}`);
  const price = parts.length ? `Price ${parts.join(' or ')}` : null;
  return [price, a.newListings ? 'New listings' : null].filter(Boolean).join(' · ');
}

/** Its state: waiting, or the crossing it last told of. */
function stateOf(a: Alert): { label: string; tone: string } {
  if (a.status === 'fired' && a.lastFiring)
    return {
      label: `Crossed ${a.lastFiring.reason} at ${formatCents(a.lastFiring.priceCents)} on ${formatDate(a.lastFiring.at)}`,
      tone: 'bg-crimson/10 text-crimson',
    };
  return { label: 'Watching', tone: 'bg-emerald-50 text-emerald-800' };
}

const linkOf = (a: Alert) => (a.constituent ? `/WonderShyneIndex/${encodeURIComponent(a.constituent.id)}` : null);

/** The dashboard's "Watching": the member's alerts, their state, and a remove button that asks first. */
export default function WatchingSection() {
  const query = useAlerts();
  const remove = useRemoveAlert();
  const [removing, setRemoving] = useState<Alert | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast({ title: 'Alert removed', description: `You no longer watch ${removing.label}.` });
      setRemoving(null);
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not remove the alert', description: errorMessage(err, 'Please try again.') });
    }
  };

  return (
    <section id="watching" aria-labelledby="watching-heading" className="grid scroll-mt-24 gap-4">
      <h2 id="watching-heading" className="text-sm font-medium uppercase tracking-[0.14em] text-muted-foreground">
        Watching
      </h2>
      {query.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only">Loading your alerts</span>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : query.isError ? (
        <LoadError title="We couldn’t load your alerts" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.alerts.length === 0 ? (
        <EmptyState
          title="You are not watching anything yet"
          description="Use Watch on a market index card or a listing, or save a search on the Private MarketPlace, to hear when prices move or cards are listed."
          action={
            <Button asChild variant="outline">
              <Link href="/WonderShyneIndex">Browse the market index</Link>
            </Button>
          }
        />
      ) : (
        <ul className="grid gap-3" aria-label="Your alerts">
          {query.data.alerts.map((a) => {
            const state = stateOf(a);
            const href = linkOf(a);
            return (
              <li key={a.id} className="grid gap-3 rounded-xl border bg-card p-4 sm:flex sm:items-center sm:gap-4" data-testid="watching-item">
                <div className="grid min-w-0 flex-1 gap-1">
                  {href ? (
                    <Link href={href} className="break-words font-medium underline-offset-4 hover:underline">
                      {a.label}
                    </Link>
                  ) : (
                    <Link href="/secure" className="break-words font-medium underline-offset-4 hover:underline">
                      {a.label}
                    </Link>
                  )}
                  <p className="text-sm text-muted-foreground">
                    {watchesFor(a)}
                    {a.constituent?.lastPriceCents != null && (
                      <>
                        {' · Now '}
                        <Money cents={a.constituent.lastPriceCents} />
                      </>
                    )}
                  </p>
                  {a.lastFiring?.reason === 'listing' && (
                    <p className="text-sm text-muted-foreground">
                      Last listed {formatDate(a.lastFiring.at)}
                      {a.lastFiring.listingId && (
                        <>
                          {' · '}
                          <Link href={`/secure/${encodeURIComponent(a.lastFiring.listingId)}`} className="underline underline-offset-4">
                            See the listing
                          </Link>
                        </>
                      )}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2 sm:justify-end">
                  <span className={cn('rounded-md px-2.5 py-1 text-xs font-medium', state.tone)}>{state.label}</span>
                  <Button variant="ghost" size="sm" onClick={() => setRemoving(a)} aria-label={`Remove the alert on ${a.label}`}>
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
        pending={remove.isPending}
        pendingLabel="Removing"
        destructive
        title="Remove this alert?"
        description={removing ? `You will no longer hear about ${removing.label}.` : ''}
        confirmLabel="Remove alert"
      />
    </section>
  );
}
