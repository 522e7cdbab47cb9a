import { useState } from 'react';
import { Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import type { CardImageRef } from '#common/cards.ts';
import type { ListingDetail } from '#common/marketplace.ts';
import { SlabImage } from '#web/components/slab-image.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { listingTitle } from './listing-tile.tsx';

/** A photo shown large; "Zoom" doubles it inside a scrolling frame so the surface can be inspected. */
function ZoomDialog({ image, label, open, onOpenChange }: { image: CardImageRef; label: string; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [zoomed, setZoomed] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => (onOpenChange(o), setZoomed(false))}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>{zoomed ? 'Scroll to move around the slab.' : 'Zoom in to inspect corners and surface.'}</DialogDescription>
        </DialogHeader>
        <div className="max-h-[70vh] overflow-auto rounded-lg border bg-muted" data-testid="zoom-frame">
          <img src={image.fullUrl} alt={label} className={zoomed ? 'w-[200%] max-w-none' : 'mx-auto max-h-[68vh] w-auto object-contain'} />
        </div>
        <Button variant="outline" className="justify-self-start" onClick={() => setZoomed((z) => !z)} aria-pressed={zoomed}>
          {zoomed ? <ZoomOut aria-hidden="true" /> : <ZoomIn aria-hidden="true" />}
          {zoomed ? 'Zoom out' : 'Zoom in'}
        </Button>
      </DialogContent>
    </Dialog>
  );
}

function Side({ listing, side }: { listing: ListingDetail; side: 'front' | 'back' }) {
  const [open, setOpen] = useState(false);
  const image = listing.images[side];
  const label = `${side === 'front' ? 'Front' : 'Back'} of ${listingTitle(listing.card)}`;
  const { card } = listing;
  return (
    <figure className="grid content-start gap-2">
      <div className="relative mx-auto w-full max-w-[320px]">
        {image ? (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="group relative block w-full rounded-lg focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={`Enlarge the ${side} photo`}
          >
            <img src={image.fullUrl} alt={label} className="aspect-[300/468] w-full rounded-lg border bg-muted object-contain" />
            <span
              className="absolute bottom-2 right-2 rounded-full bg-background/90 p-2 shadow-sm transition-transform group-hover:scale-110"
              aria-hidden="true"
            >
              <Maximize2 className="size-4" />
            </span>
          </button>
        ) : (
          <SlabImage card={card} side={side} />
        )}
      </div>
      <figcaption className="text-center text-xs font-medium uppercase tracking-wide text-muted-foreground">
        {side === 'front' ? 'Front' : 'Back'}
      </figcaption>
      {image && <ZoomDialog image={image} label={label} open={open} onOpenChange={setOpen} />}
    </figure>
  );
}

export function ListingImages({ listing, className }: { listing: ListingDetail; className?: string }) {
  return (
    <section aria-label="Photos" className={`grid grid-cols-2 content-start items-start gap-4 self-start ${className ?? ''}`}>
      <Side listing={listing} side="front" />
      <Side listing={listing} side="back" />
    </section>
  );
}
