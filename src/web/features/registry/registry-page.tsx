import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Plus, ScanSearch } from 'lucide-react';
import {
  custodyLabels,
  custodyStates,
  graderLabels,
  graders,
  REGISTRY_PAGE_SIZE,
  registrySorts,
  sportLabels,
  sports,
  type RegistryQuery,
  type RegistrySort,
} from '#common/cards.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { FilterSelect, KeyOptions, ListCount, pageRange } from '#web/components/list-parts.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Money } from '#web/components/money.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useListState, type ListState } from '#web/hooks/use-list-state.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useRegistry } from './api/get-registry.ts';
import { AddCardDialog } from './add-card-dialog.tsx';
import { SlabGridSkeleton, SlabTile } from './slab-tile.tsx';

// Value: what the registry counts the card at (its market value while it follows the market).
export const registrySortLabels: Record<RegistrySort, string> = {
  recent: 'Recently added',
  value: 'Value, highest first',
  year: 'Year, oldest first',
};
export const registryFilterNames = ['sport', 'grader', 'custody'] as const;

const pick = <T extends string>(list: readonly T[], v: string | undefined): T | undefined =>
  (list as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

/** The list's URL state as the server's query; anything unknown in the URL is left out. */
export function registryParams(list: Pick<ListState, 'q' | 'page' | 'sort' | 'filters'>): RegistryQuery {
  return {
    q: list.q || undefined,
    sport: pick(sports, list.filters.sport),
    grader: pick(graders, list.filters.grader),
    custody: pick(custodyStates, list.filters.custody),
    sort: pick(registrySorts, list.sort) ?? 'recent',
    page: list.page,
  };
}

export default function RegistryPage() {
  const list = useListState(registryFilterNames);
  const params = registryParams(list);
  const query = useRegistry(params);
  const [adding, setAdding] = useState(false);
  const data = query.data;
  const pageSize = data?.pageSize ?? REGISTRY_PAGE_SIZE;
  const narrowed = !!(params.q || params.sport || params.grader || params.custody);
  const [, setParams] = useSearchParams();
  const clearFilters = () => {
    list.setSearch('');
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const name of ['q', 'page', ...registryFilterNames]) next.delete(name);
        return next;
      },
      { replace: true },
    );
  };

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
            <Button variant="ghost" asChild>
              <Link href="/registry/claims">Certificate claims</Link>
            </Button>
            {addButton}
          </>
        }
      />

      <section
        aria-label="Registry summary"
        className="flex flex-wrap items-end gap-x-10 gap-y-3 rounded-xl bg-foreground px-5 py-5 text-background sm:px-6"
        aria-live="polite"
        aria-busy={query.isPending}
      >
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
          {data ? (
            <p className="tabular font-display text-3xl font-medium sm:text-4xl" data-testid="registry-count">
              {data.totalCount}
            </p>
          ) : (
            <Skeleton className="mt-2 h-9 w-12 bg-white/15" />
          )}
        </div>
        {data && data.atMarketValue > 0 && (
          <p className="basis-full text-sm text-background/75 sm:basis-auto sm:self-center" data-testid="registry-at-market">
            {data.atMarketValue === 1 ? '1 card is' : `${data.atMarketValue} cards are`} counted at market value from the Market Index; the rest at
            your estimates.
          </p>
        )}
      </section>

      {data && data.totalCount > 0 && (
        <div className="grid gap-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <SearchInput
              label="Search your cards by player, set or certificate"
              placeholder="Player, set or certificate"
              value={list.search}
              onChange={list.setSearch}
              className="w-full sm:w-96"
            />
            <ListCount
              loaded={!!data}
              updating={query.isFetching && !query.isPending}
              page={list.page}
              total={data.count}
              pageSize={pageSize}
              none="No cards"
            />
          </div>
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end" role="group" aria-label="Filter and sort">
            <FilterSelect label="Sport" value={params.sport ?? ''} onChange={(v) => list.setFilter('sport', v)}>
              <KeyOptions any="All sports" keys={data.sports} label={(s) => sportLabels[s]} />
            </FilterSelect>
            <FilterSelect label="Grader" value={params.grader ?? ''} onChange={(v) => list.setFilter('grader', v)}>
              <KeyOptions any="All graders" keys={graders} label={(g) => graderLabels[g]} />
            </FilterSelect>
            <FilterSelect label="Custody" value={params.custody ?? ''} onChange={(v) => list.setFilter('custody', v)}>
              <KeyOptions any="Any custody" keys={custodyStates} label={(c) => custodyLabels[c]} />
            </FilterSelect>
            <FilterSelect label="Sort" value={params.sort ?? 'recent'} onChange={(v) => list.setSort(v === 'recent' ? undefined : v)}>
              <KeyOptions keys={registrySorts} label={(k) => registrySortLabels[k]} />
            </FilterSelect>
          </div>
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
      ) : data && data.totalCount === 0 ? (
        <EmptyState
          title="Your registry is empty"
          description="Add your first card: type its PSA certificate number and we fill in the details, or enter any slab by hand."
          action={addButton}
        />
      ) : data && data.cards.length === 0 && narrowed ? (
        <EmptyState
          title="No cards match these filters"
          action={
            <Button variant="outline" onClick={clearFilters}>
              Clear filters
            </Button>
          }
        />
      ) : data ? (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Your cards">
          {data.cards.map((card) => (
            <SlabTile key={card.id} card={card} />
          ))}
        </ul>
      ) : null}

      {data && (
        <Pagination
          page={list.page}
          pages={pageRange(list.page, data.count, pageSize).pages}
          onPageChange={list.setPage}
          disabled={query.isFetching}
        />
      )}

      <AddCardDialog open={adding} onOpenChange={setAdding} />
    </div>
  );
}
