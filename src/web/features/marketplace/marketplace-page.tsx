import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import { ReceiptText } from 'lucide-react';
import { graderLabels, graders, sportLabels, sports } from '#common/cards.ts';
import { LISTINGS_PAGE_SIZE, listingSortLabels, listingSorts, type ListingsQueryInput } from '#common/marketplace.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { FilterSelect, KeyOptions, ListError, ToolbarField } from '#web/components/list-parts.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { useListState } from '#web/hooks/use-list-state.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useListings } from './api/get-listings.ts';
import { hasListingFilters, listingFilterNames, listingsQueryFromUrl } from './listing-filters.ts';
import { ListingGridSkeleton, ListingTile } from './listing-tile.tsx';

const gradeSteps = [1, 2, 3, 4, 5, 6, 7, 8, 8.5, 9, 9.5, 10];

/** A whole-dollar bound, applied when the field is left or Enter is pressed (not on every key). */
function PriceInput({ label, value, onCommit }: { label: string; value: string | undefined; onCommit: (v: string | undefined) => void }) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? '');
  }
  const commit = () => {
    const clean = text.replace(/[$,\s]/g, '');
    onCommit(/^\d{1,9}$/.test(clean) ? String(Number(clean)) : undefined);
  };
  return (
    <ToolbarField label={label}>
      {(id) => (
        <Input
          id={id}
          inputMode="numeric"
          placeholder="$"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
        />
      )}
    </ToolbarField>
  );
}

/** /secure; `saveSearch` renders the save-this-search control for the current filters (composed in by the app). */
export default function MarketplacePage({ saveSearch }: { saveSearch?: (query: ListingsQueryInput) => ReactNode } = {}) {
  const list = useListState(listingFilterNames);
  const params = listingsQueryFromUrl(list);
  const query = useListings(params);
  const data = query.data;
  const [, setParams] = useSearchParams();
  const filtered = hasListingFilters(params);
  const f = list.filters;

  const clearFilters = () => {
    list.setSearch('');
    setParams(
      (p) => {
        const next = new URLSearchParams();
        const sort = p.get('sort');
        if (sort) next.set('sort', sort);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Members only"
        title="Private MarketPlace"
        description={`Graded cards held in our vault, offered to members. Buying holds a card for you${data ? ` for ${data.reservationMinutes} minutes` : ''} while you pay.`}
        actions={
          <Button variant="outline" asChild>
            <Link href="/sales">
              <ReceiptText aria-hidden="true" />
              Your sales and offers
            </Link>
          </Button>
        }
      />

      <search className="grid gap-3" aria-label="Search and filter listings">
        <div className="flex flex-wrap items-end gap-3">
          <SearchInput
            label="Search listings by player, set or year"
            placeholder="Player, set or year"
            value={list.search}
            onChange={list.setSearch}
            className="w-full sm:max-w-md"
          />
          {filtered && saveSearch?.(params)}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8">
          <FilterSelect label="Sport" value={f.sport ?? ''} onChange={(v) => list.setFilter('sport', v)}>
            <KeyOptions any="All sports" keys={sports} label={(x) => sportLabels[x]} />
          </FilterSelect>
          <FilterSelect label="Grader" value={f.grader ?? ''} onChange={(v) => list.setFilter('grader', v)}>
            <KeyOptions any="All graders" keys={graders} label={(g) => graderLabels[g]} />
          </FilterSelect>
          <FilterSelect label="Grade from" value={f.gradeMin ?? ''} onChange={(v) => list.setFilter('gradeMin', v)}>
            <KeyOptions any="Any" keys={gradeSteps} label={String} />
          </FilterSelect>
          <FilterSelect label="Grade to" value={f.gradeMax ?? ''} onChange={(v) => list.setFilter('gradeMax', v)}>
            <KeyOptions any="Any" keys={gradeSteps} label={String} />
          </FilterSelect>
          <PriceInput label="Price from ($)" value={f.priceMin} onCommit={(v) => list.setFilter('priceMin', v)} />
          <PriceInput label="Price to ($)" value={f.priceMax} onCommit={(v) => list.setFilter('priceMax', v)} />
          {/* Two columns wide: "Price: low to high" is read whole, not clipped. */}
          <div className="col-span-2">
            <FilterSelect label="Sort" value={params.sort ?? 'newest'} onChange={(v) => list.setSort(v === 'newest' ? undefined : v)}>
              <KeyOptions keys={listingSorts} label={(k) => listingSortLabels[k]} />
            </FilterSelect>
          </div>
          <div className="flex items-end">
            {filtered && (
              <Button variant="ghost" className="w-full" onClick={clearFilters}>
                Clear filters
              </Button>
            )}
          </div>
        </div>
      </search>

      <p className="tabular min-h-5 text-sm text-muted-foreground" aria-live="polite">
        {query.isFetching && !query.isPending ? (
          <span className="inline-flex items-center gap-2">
            <Spinner size="sm" label="Updating" /> Updating…
          </span>
        ) : data && data.listings.length > 0 ? (
          `Page ${data.page}${data.hasMore ? '' : ` · ${(data.page - 1) * LISTINGS_PAGE_SIZE + data.listings.length} listings`}`
        ) : null}
      </p>

      {query.isPending ? (
        <>
          <span className="sr-only" role="status">
            Loading the marketplace
          </span>
          <ListingGridSkeleton />
        </>
      ) : query.isError || !data ? (
        <ListError title="We couldn’t load the marketplace" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data.listings.length === 0 ? (
        filtered ? (
          <EmptyState
            title="No listings match these filters"
            description="Try a wider grade or price range, or another sport."
            action={
              <Button variant="outline" onClick={clearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState title="Nothing is listed right now" description="New slabs arrive in the vault every week; check back soon." />
        )
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Listings">
            {data.listings.map((l) => (
              <ListingTile key={l.id} listing={l} />
            ))}
          </ul>
          {(data.page > 1 || data.hasMore) && (
            <nav aria-label="Pages" className="flex items-center justify-center gap-3">
              <Button variant="outline" disabled={data.page <= 1 || query.isFetching} onClick={() => list.setPage(data.page - 1)}>
                Previous
              </Button>
              <span className="tabular text-sm text-muted-foreground">Page {data.page}</span>
              <Button variant="outline" disabled={!data.hasMore || query.isFetching} onClick={() => list.setPage(data.page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
