import { Link } from 'wouter';
import { Sparkles } from 'lucide-react';
import type { ListedCard, ListingCard } from '#common/marketplace.ts';
import { Money } from '#web/components/money.tsx';
import { SlabImage } from '#web/components/slab-image.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

export const listingTitle = (c: Pick<ListedCard, 'year' | 'brand' | 'subject'>) => `${c.year} ${c.brand} ${c.subject}`;
export const listingGrade = (c: Pick<ListedCard, 'grader' | 'grade'>) =>
  c.grader === 'raw' ? (c.grade ? `Raw · ${c.grade}` : 'Raw') : `${c.grader} ${c.grade ?? ''}`.trim();

/** The card's photo, or the slab drawn from its data. */
export function ListingImage({ card, className }: { card: ListedCard; className?: string }) {
  if (card.thumbnailUrl) {
    return (
      <img
        src={card.thumbnailUrl}
        alt={`Front of ${listingTitle(card)}`}
        loading="lazy"
        className={className ?? 'aspect-[300/468] w-full rounded-lg bg-muted object-contain'}
      />
    );
  }
  return <SlabImage card={card} className={className} />;
}

export function FeaturedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-crimson px-2 py-0.5 text-[11px] font-semibold uppercase tracking-wide text-white">
      <Sparkles className="size-3" aria-hidden="true" />
      Featured
    </span>
  );
}

/** One slab for sale; the whole tile opens the listing. */
export function ListingTile({ listing }: { listing: ListingCard }) {
  const { card } = listing;
  return (
    <li
      data-testid="listing-tile"
      data-listing-id={listing.id}
      className="relative grid min-w-0 gap-3 rounded-xl border bg-card p-3 shadow-xs transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"
    >
      <div className="relative mx-auto w-full max-w-[220px]">
        <ListingImage card={card} />
        {listing.featured && (
          <span className="absolute left-2 top-2">
            <FeaturedBadge />
          </span>
        )}
      </div>
      <div className="grid gap-1 px-1">
        <h2 className="min-w-0 text-sm font-medium leading-snug">
          <Link href={`/secure/${listing.id}`} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
            {card.subject}
          </Link>
        </h2>
        <p className="truncate text-xs text-muted-foreground">
          {card.year} {card.brand}
          {card.cardNumber ? ` #${card.cardNumber}` : ''}
        </p>
        <div className="mt-1 flex items-baseline justify-between gap-2">
          <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{listingGrade(card)}</span>
          <Money cents={listing.priceCents} decimals={0} className="font-display text-lg font-medium" />
        </div>
        {listing.status === 'reserved' && (
          <p className="text-xs font-medium text-warning">{listing.reservedByMe ? 'Reserved for you' : 'Reserved'}</p>
        )}
      </div>
    </li>
  );
}

export function ListingGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="grid gap-3 rounded-xl border p-3">
          <Skeleton className="mx-auto aspect-[300/468] w-full max-w-[220px] rounded-lg" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </li>
      ))}
    </ul>
  );
}
