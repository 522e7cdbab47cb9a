import { Link } from 'wouter';
import { titleCase } from '#common/title-case.ts';
import type { Card, RegistryCard } from '#common/cards.ts';
import { formatDate } from '#web/lib/dates.ts';
import { Money } from '#web/components/money.tsx';
import { SlabImage } from '#web/components/slab-image.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { custodyStatuses, holdStatuses } from './custody.ts';

export const cardTitle = (c: Pick<Card, 'year' | 'brand' | 'subject'>) => `${c.year} ${titleCase(c.brand)} ${titleCase(c.subject)}`;
export const gradeText = (c: Pick<Card, 'grader' | 'grade'>) =>
  c.grader === 'raw' ? (c.grade ? `Raw · ${c.grade}` : 'Raw') : `${c.grader} ${c.grade ?? ''}`.trim();

/** The card's photo (thumbnail), or the slab drawn from its data. */
export function CardThumbnail({ card, size = 'thumb', className }: { card: Card; size?: 'thumb' | 'full'; className?: string }) {
  const image = card.images.front ?? card.images.back;
  if (image) {
    return (
      <img
        src={size === 'thumb' ? image.thumbUrl : image.fullUrl}
        alt={`${card.images.front ? 'Front' : 'Back'} of ${cardTitle(card)}`}
        loading="lazy"
        className={className ?? 'aspect-[300/468] w-full rounded-lg bg-muted object-contain'}
      />
    );
  }
  return <SlabImage card={card} className={className} />;
}

/** A sale day ('2026-05-20') as that calendar day, in every time zone. */
export const formatSaleDay = (day: string) => formatDate(day);

/** Where the tile's value comes from, for cards the Market Index prices: the market (and when) or the owner's pinned estimate. */
function ValueNote({ card }: { card: RegistryCard }) {
  const { market, source } = card.valuation;
  if (!market) return null;
  return source === 'market' ? (
    <p className="text-right text-xs text-muted-foreground" data-testid="value-note">
      Market value (as of {formatSaleDay(market.observedOn)})
    </p>
  ) : (
    <p className="text-right text-xs text-muted-foreground" data-testid="value-note">
      Your estimate (pinned) · market <Money cents={market.priceCents} decimals={0} />
    </p>
  );
}

/** One slab in the registry grid; the whole tile opens the card. */
export function SlabTile({ card }: { card: RegistryCard }) {
  return (
    <li
      data-testid="registry-card"
      className="relative grid gap-3 rounded-xl border bg-card p-3 shadow-xs transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"
    >
      <div className="mx-auto w-full max-w-[220px]">
        <CardThumbnail card={card} />
      </div>
      <div className="grid gap-1 px-1">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 text-sm font-medium leading-snug">
            <Link href={`/registry/${card.id}`} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
              {titleCase(card.subject)}
            </Link>
          </h2>
          <StatusBadge status={card.custody} map={custodyStatuses} className="shrink-0" />
        </div>
        <p className="truncate text-xs text-muted-foreground">
          {card.year} {titleCase(card.brand)}
          {card.cardNumber ? ` #${card.cardNumber}` : ''}
        </p>
        <div className="mt-1 flex items-baseline justify-between gap-2">
          <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{gradeText(card)}</span>
          <Money cents={card.valuation.valueCents} decimals={0} className="font-medium" />
        </div>
        <ValueNote card={card} />
        {card.hold && <StatusBadge status={card.hold} map={holdStatuses} className="justify-self-start" />}
        {card.needsReview && <p className="text-xs font-medium text-warning">Under review</p>}
      </div>
    </li>
  );
}

/** Skeleton tiles while the registry loads. */
export function SlabGridSkeleton() {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="grid gap-3 rounded-xl border p-3">
          <Skeleton className="mx-auto aspect-[300/468] w-full max-w-[220px] rounded-lg" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </li>
      ))}
    </ul>
  );
}
