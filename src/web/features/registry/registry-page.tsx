import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Plus, ScanSearch } from 'lucide-react';
import { graderLabels, graders, sportLabels, type RegistryCard, type Sport } from '#common/cards.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useRegistry } from './api/get-registry.ts';
import { AddCardDialog } from './add-card-dialog.tsx';
import { SlabGridSkeleton, SlabTile } from './slab-tile.tsx';

// Value: what the registry counts the card at (its market value while it follows the market).
const value = (c: RegistryCard) => c.valuation.valueCents;
export const registrySorts = {
  recent: { label: 'Recently added', compare: (a: RegistryCard, b: RegistryCard) => b.createdAt.localeCompare(a.createdAt) },
  value: { label: 'Value, highest first', compare: (a: RegistryCard, b: RegistryCard) => value(b) - value(a) },
  year: { label: 'Year, oldest first', compare: (a: RegistryCard, b: RegistryCard) => a.year - b.year || value(b) - value(a) },
} as const;
type SortKey = keyof typeof registrySorts;
const isSort = (s: string | undefined): s is SortKey => !!s && Object.hasOwn(registrySorts, s);

/** The member's cards after the chosen filters and sort. */
export function visibleCards(cards: readonly RegistryCard[], filters: { sport?: string; grader?: string }, sort: SortKey): RegistryCard[] {
  return cards
    .filter((c) => (!filters.sport || c.sport === filters.sport) && (!filters.grader || c.grader === filters.grader))
    .sort(registrySorts[sort].compare);
}

const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

export default function RegistryPage() {
  const id = useId();
  const list = useListState(['sport', 'grader']);
  const sort: SortKey = isSort(list.sort) ? list.sort : 'recent';
  const query = useRegistry();
  const [adding, setAdding] = useState(false);
  const data = query.data;
  const sports = useMemo(() => [...new Set<Sport>((data?.cards ?? []).map((c) => c.sport))].sort(), [data]);
  const shown = useMemo(() => (data ? visibleCards(data.cards, list.filters, sort) : []), [data, list.filters, sort]);
  const filtered = !!(list.filters.sport || list.filters.grader);
  const [, setParams] = useSearchParams();
  const clearFilters = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('sport');
        next.delete('grader');
        return next;
      },
      { replace: true },
    );

  const addButton = (
    <Button variant="crimson" onClick={() => setAdding(true)}>
      <Plus aria-hidden="true" />
      Add card
    </Button>
  );

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Registry"
        title="Your collection"
        description="Every slab you hold, where it is, and what it is worth."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link href="/registry/psa-lookup">
                <ScanSearch aria-hidden="true" />
                PSA lookup
              </Link>
            </Button>
            {addButton}
          </>
        }
      />

      <section aria-label="Registry summary" className="flex flex-wrap items-end gap-x-10 gap-y-3 rounded-xl bg-foreground px-5 py-5 text-background sm:px-6" aria-live="polite" aria-busy={query.isPending}>
        <div>
          <p className="text-xs font-medium uppercase tracking-[0.18em] text-crimson-soft">Total estimated value</p>
          {data ? (
            <p data-testid="registry-total">
              <Money cents={data.totalEstimatedValueCents} decimals={0} className="font-display text-3xl font-medium sm:text-4xl" />
            </p>
          ) : (
            <Skeleton className="mt-2 h-9 w-44 bg-white/15" />
          )}
        </div>
        <div>
          <p className="text-xs font-medium uppercase tracking-[0.18em] text-crimson-soft">Cards</p>
          {data ? <p className="tabular font-display text-3xl font-medium sm:text-4xl" data-testid="registry-count">{data.count}</p> : <Skeleton className="mt-2 h-9 w-12 bg-white/15" />}
        </div>
        {data && data.atMarketValue > 0 && (
          <p className="basis-full text-sm text-background/75 sm:basis-auto sm:self-center" data-testid="registry-at-market">
            {data.atMarketValue === 1 ? '1 card is' : `${data.atMarketValue} cards are`} counted at market value from the Market Index; the rest at your estimates.
          </p>
        )}
      </section>

      {data && data.count > 0 && (
        <div className="flex flex-wrap items-center gap-x-5 gap-y-3" role="group" aria-label="Filter and sort">
          <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-sport`}>
            Sport
            <select id={`${id}-sport`} className={selectClass} value={list.filters.sport ?? ''} onChange={(e) => list.setFilter('sport', e.target.value || undefined)}>
              <option value="">All sports</option>
              {sports.map((s) => (
                <option key={s} value={s}>
                  {sportLabels[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-grader`}>
            Grader
            <select id={`${id}-grader`} className={selectClass} value={list.filters.grader ?? ''} onChange={(e) => list.setFilter('grader', e.target.value || undefined)}>
              <option value="">All graders</option>
              {graders.map((g) => (
                <option key={g} value={g}>
                  {graderLabels[g]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-sort`}>
            Sort
            <select id={`${id}-sort`} className={selectClass} value={sort} onChange={(e) => list.setSort(e.target.value === 'recent' ? undefined : e.target.value)}>
              {Object.entries(registrySorts).map(([k, s]) => (
                <option key={k} value={k}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          {filtered && (
            <p className="tabular text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
              Showing {shown.length} of {data.count}
            </p>
          )}
        </div>
      )}

      {query.isPending ? (
        <>
          <span className="sr-only" role="status">
            Loading your registry
          </span>
          <SlabGridSkeleton />
        </>
      ) : query.isError ? (
        <LoadError title="We couldn’t load your registry" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data && data.count === 0 ? (
        <EmptyState
          title="Your registry is empty"
          description="Add your first card: type its PSA certificate number and we fill in the details, or enter any slab by hand."
          action={addButton}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          title="No cards match these filters"
          action={
            <Button variant="outline" onClick={clearFilters}>
              Clear filters
            </Button>
          }
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Your cards">
          {shown.map((card) => (
            <SlabTile key={card.id} card={card} />
          ))}
        </ul>
      )}

      <AddCardDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
