import { useId, useMemo } from 'react';
import { slabLabel, slabSvg, type SlabFacts, type SlabSide } from '#common/slab-image.ts';
import { cn } from '#web/lib/utils.ts';

export interface SlabImageProps {
  /** The card's facts; `brand` is the set. */
  card: SlabFacts;
  side?: SlabSide;
  /** Replaces the sizing: by default the photos' 300×468 box, full width. */
  className?: string;
}

/**
 * The slab drawn from the card's own data (src/common/slab-image.ts, decision 143), where the card
 * has no photo. Same box as a photo, so nothing moves when one is added. Every text in the SVG is
 * escaped by the renderer, which is what makes the inner HTML safe.
 */
export function SlabImage({ card, side = 'front', className }: SlabImageProps) {
  const id = useId();
  const { grader, grade, year, brand, subject, cardNumber, variety, certNumber } = card;
  const svg = useMemo(
    () => slabSvg({ grader, grade, year, brand, subject, cardNumber, variety, certNumber }, { side, idPrefix: id, title: false }),
    [grader, grade, year, brand, subject, cardNumber, variety, certNumber, side, id],
  );
  return (
    <div
      role="img"
      aria-label={slabLabel(card, side)}
      data-slab-image={side}
      className={cn('aspect-[300/468] w-full select-none [&>svg]:block [&>svg]:size-full', className)}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
