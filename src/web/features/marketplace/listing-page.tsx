import { useCallback, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { graderLabels, sportLabels } from '#common/cards.ts';
import { formatDate } from '#web/lib/dates.ts';
import type { ListingDetail } from '#common/marketplace.ts';
import { listingStatusStyles } from '#web/components/marketplace-status.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Money } from '#web/components/money.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { useListing } from './api/get-listing.ts';
import { BuyPanel } from './buy-panel.tsx';
import { ListingOffersPanel } from './listing-offers-panel.tsx';
import { ListingImages } from './listing-images.tsx';
import { FeaturedBadge, ListingTile, listingGrade, listingTitle } from './listing-tile.tsx';
import { PromoteListing } from './promote-listing.tsx';
import { useSecureViewTracking } from './view-tracking.ts';

function Facts({ listing }: { listing: ListingDetail }) {
  const { card, population } = listing;
  const rows: [string, string | null][] = [
    ['Grader', graderLabels[card.grader]],
    ['Grade', card.grade],
    ['Certificate', card.certNumber],
    ['Year', String(card.year)],
    ['Set', card.brand],
    ['Player', card.subject],
    ['Card number', card.cardNumber],
    ['Variety', card.variety],
    ['Sport', sportLabels[card.sport]],
    ['PSA population', population?.total != null ? population.total.toLocaleString('en-US') : null],
    ['Graded higher', population?.higher != null ? population.higher.toLocaleString('en-US') : null],
    ['Seller', listing.seller.kind === 'house' ? 'The house' : 'A member'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="break-words font-medium">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "In our vault since …, cert re-checked on …". */
export function provenanceSummary(p: ListingDetail['provenance']): string {
  const parts = [
    p.inVaultSince ? `In our vault since ${formatDate(p.inVaultSince)}` : 'Held in our vault',
    p.certRecheckedAt ? `cert re-checked on ${formatDate(p.certRecheckedAt)}` : null,
  ];
  return `${parts.filter(Boolean).join(', ')}.`;
}

function DetailSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]" aria-busy="true">
      <span className="sr-only" role="status">
        Loading listing
      </span>
      <Skeleton className="aspect-[600/468] w-full rounded-xl" />
      <div className="grid content-start gap-3">
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    </div>
  );
}

/** /secure/{id}; `watch` renders the Watch control for the listing (composed in by the app). */
export default function ListingPage({ params, watch }: { params: { id?: string }; watch?: (listingId: string) => ReactNode }) {
  const id = params.id ?? '';
  const query = useListing(id);
  const me = useCurrentUser().data;
  const listing = query.data;
  // An admin viewing as the member is not the member's view (and impersonation cannot write).
  useSecureViewTracking(listing?.cardId, me && !me.isImpersonated ? me.id : undefined);
  const refetch = query.refetch;
  const changed = useCallback(() => void refetch(), [refetch]);
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <Link href="/secure" className="inline-flex items-center gap-1.5 justify-self-start text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Private MarketPlace
      </Link>
      {query.isPending ? (
        <DetailSkeleton />
      ) : notFound ? (
        <EmptyState
          notFound
          title="Listing not found"
          description="It may have been sold or withdrawn, or the link is wrong."
          action={
            <Button asChild variant="outline">
              <Link href="/secure">Back to the MarketPlace</Link>
            </Button>
          }
        />
      ) : query.isError || !listing ? (
        <LoadError title="We couldn’t load this listing" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <div className="grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-x-10">
            <div className="grid min-w-0 content-start gap-4 lg:col-start-2 lg:row-start-1">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={listing.status} map={listingStatusStyles} />
                {listing.featured && <FeaturedBadge />}
              </div>
              <h1 className="font-display text-3xl font-medium tracking-tight sm:text-4xl">{listingTitle(listing.card)}</h1>
              <p className="text-sm font-medium uppercase tracking-wide text-muted-foreground">{listingGrade(listing.card)}</p>
              <Money cents={listing.priceCents} className="font-display text-3xl font-medium" />
              <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="provenance-summary">
                <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
                {provenanceSummary(listing.provenance)}
              </p>
              <BuyPanel listing={listing} onChanged={changed} />
              <ListingOffersPanel listing={listing} readOnly={Boolean(me?.isImpersonated)} />
              {!listing.isMine && watch?.(listing.id)}
              {listing.isMine && (listing.status === 'active' || listing.status === 'reserved') && !listing.featured && (
                <PromoteListing listingId={listing.id} />
              )}
            </div>
            <ListingImages listing={listing} className="lg:col-start-1 lg:row-span-2 lg:row-start-1" />
            <div className="grid min-w-0 content-start gap-6 lg:col-start-2 lg:row-start-2">
              <Facts listing={listing} />
            </div>
          </div>
          {listing.similar.length > 0 && (
            <section aria-labelledby="similar-heading" className="grid gap-4">
              <h2 id="similar-heading" className="font-display text-2xl font-medium">
                Similar listings
              </h2>
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {listing.similar.map((l) => (
                  <ListingTile key={l.id} listing={l} />
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
