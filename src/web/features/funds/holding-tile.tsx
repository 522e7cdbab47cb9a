import { Link } from 'wouter';
import { markSourceLabels, type FundHolding } from '#common/funds.ts';
import { Money } from '#web/components/money.tsx';
import { SlabImage } from '#web/components/slab-image.tsx';

export const holdingTitle = (h: Pick<FundHolding, 'year' | 'brand' | 'subject'>) => `${h.year} ${h.brand} ${h.subject}`;
export const holdingGrade = (h: Pick<FundHolding, 'grader' | 'grade'>) =>
  h.grader === 'raw' ? (h.grade ? `Raw · ${h.grade}` : 'Raw') : `${h.grader} ${h.grade ?? ''}`.trim();

/** The holding's photo, or the slab drawn from its data. */
export function HoldingImage({ holding, src, className }: { holding: FundHolding; src?: string | null; className?: string }) {
  const url = src === undefined ? holding.thumbnailUrl : src;
  if (url) {
    return (
      <img
        src={url}
        alt={`Front of ${holdingTitle(holding)}`}
        loading="lazy"
        className={className ?? 'aspect-[300/468] w-full rounded-lg bg-muted object-contain'}
      />
    );
  }
  return <SlabImage card={holding} className={className} />;
}

/** One slab of the fund's gallery with its mark and weight; the whole tile opens the holding. */
export function HoldingTile({ fundId, holding }: { fundId: string; holding: FundHolding }) {
  return (
    <li
      data-testid="fund-holding"
      className="relative grid min-w-0 content-start gap-3 rounded-xl border bg-card p-3 shadow-xs transition-shadow hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring"
    >
      <div className="mx-auto w-full max-w-[180px]">
        <HoldingImage holding={holding} />
      </div>
      <div className="grid gap-1 px-1">
        <h3 className="min-w-0 text-sm font-medium leading-snug">
          <Link href={`/funds/${fundId}/card/${holding.cardId}`} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
            {holding.subject}
          </Link>
        </h3>
        <p className="truncate text-xs text-muted-foreground">
          {holding.year} {holding.brand}
          {holding.cardNumber ? ` #${holding.cardNumber}` : ''}
        </p>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{holdingGrade(holding)}</p>
        <div className="mt-1 flex items-baseline justify-between gap-2">
          <Money cents={holding.markCents} decimals={0} className="font-medium" />
          <span className="tabular text-xs text-muted-foreground">{(holding.weight * 100).toFixed(1)}% of holdings</span>
        </div>
        <p className="text-xs text-muted-foreground">{markSourceLabels[holding.markSource]}</p>
      </div>
    </li>
  );
}
