import { useState } from 'react';
import { listingOfferStatuses, listingOfferStatusLabels, type ListingOfferStatus } from '#common/listing-offers.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ListError, ListLoading } from '#web/components/list-parts.tsx';
import { ListingOfferCard, type ListingOfferAction } from '#web/components/listing-offer-card.tsx';
import { useAnswerHouseOffer, useHouseOffers } from './api/house-offers.ts';

const selectClass =
  'h-9 min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

/** Offers members made on house listings: admins accept, decline or counter them for the house. */
export function HouseOffersSection() {
  const [status, setStatus] = useState<ListingOfferStatus | undefined>('open');
  const query = useHouseOffers(status);
  const answer = useAnswerHouseOffer();
  const onAnswer = (id: string) => (a: ListingOfferAction) => answer.mutateAsync({ id, ...a });
  return (
    <section aria-labelledby="house-offers-heading" className="grid gap-4" id="house-offers">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="house-offers-heading" className="font-display text-2xl font-medium">
            Offers on house listings
          </h2>
          <p className="text-sm text-muted-foreground">Accepting reserves the card for the buyer at that price and sends them the invoice.</p>
        </div>
        <label className="grid gap-1 text-sm">
          <span className="text-xs text-muted-foreground">Status</span>
          <select
            className={selectClass}
            value={status ?? ''}
            onChange={(e) => setStatus((e.target.value || undefined) as ListingOfferStatus | undefined)}
          >
            <option value="">All offers</option>
            {listingOfferStatuses.map((s) => (
              <option key={s} value={s}>
                {listingOfferStatusLabels[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isPending ? (
        <ListLoading label="Loading offers" />
      ) : query.isError ? (
        <ListError title="Offers could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.data.offers.length === 0 ? (
        <EmptyState title="No offers here" description="Offers members make on house listings appear here." />
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" data-testid="house-offers">
          {query.data.offers.map((o) => (
            <ListingOfferCard key={o.id} offer={o} side="seller" onAnswer={onAnswer(o.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
