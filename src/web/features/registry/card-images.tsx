import { useId, useRef, useState, type ChangeEvent } from 'react';
import { titleCase } from '#common/title-case.ts';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { CARD_IMAGE_ACCEPT, CARD_IMAGE_MAX_BYTES, cardImageContentTypes, cardMessages, type CardDetail, type CardImageSide } from '#common/cards.ts';
import { SlabSilhouette } from '#web/components/slab-silhouette.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { useUploadCardImage } from './api/upload-card-image.ts';

/** A file the server would refuse, caught before it is sent. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(cardImageContentTypes as readonly string[]).includes(file.type)) return cardMessages.imageType;
  if (file.size > CARD_IMAGE_MAX_BYTES) return cardMessages.imageTooLarge;
  return null;
}

function SideImage({ card, side }: { card: CardDetail; side: CardImageSide }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadCardImage();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const image = card.images[side];
  const label = side === 'front' ? 'Front' : 'Back';

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const bad = imageFileProblem(file);
    setProblem(bad);
    if (bad) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ id: card.id, side, file, onProgress: setProgress });
      toast({ title: image ? `${label} photo replaced` : `${label} photo added` });
    } catch (err) {
      setProblem(errorMessage(err, 'The upload failed. Please try again.'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <figure className="grid content-start gap-3">
      <div className="relative mx-auto w-full max-w-[260px]">
        {image ? (
          <a href={image.fullUrl} target="_blank" rel="noreferrer" className="block rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
            <img src={image.thumbUrl} alt={`${label} of the card`} className="aspect-[300/468] w-full rounded-lg border bg-muted object-contain" />
            <span className="sr-only"> (open full size in a new tab)</span>
          </a>
        ) : side === 'front' ? (
          <SlabSilhouette grader={card.grader} grade={card.grade} lines={[`${card.year} ${titleCase(card.brand)}`, titleCase(card.subject)]} />
        ) : (
          <div className="grid aspect-[300/468] w-full place-items-center rounded-lg border border-dashed bg-muted/50 text-sm text-muted-foreground">
            No back photo
          </div>
        )}
      </div>
      <figcaption className="grid justify-items-center gap-2 text-center">
        <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</span>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={CARD_IMAGE_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          onChange={choose}
          aria-label={`${label} photo file`}
        />
        <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={progress !== null} aria-describedby={`${id}-status`}>
          {image ? <RefreshCw aria-hidden="true" /> : <ImagePlus aria-hidden="true" />}
          {image ? `Replace ${side} photo` : `Upload ${side} photo`}
        </Button>
        <div id={`${id}-status`} aria-live="polite" className="w-full max-w-[260px] text-sm">
          {progress !== null && (
            <div className="grid gap-1">
              <Progress value={Math.round(progress * 100)} aria-label={`Uploading ${side} photo`} />
              <span className="tabular text-xs text-muted-foreground">Uploading… {Math.round(progress * 100)}%</span>
            </div>
          )}
          {problem && <span className="text-destructive">{problem}</span>}
        </div>
      </figcaption>
    </figure>
  );
}

/** Front and back photos with upload and replace; JPEG, PNG or WebP up to 10 MB. */
export function CardImages({ card, className }: { card: CardDetail; className?: string }) {
  return (
    <section aria-label="Photos" className={cn('grid grid-cols-2 content-start items-start gap-4 self-start', className)}>
      <SideImage card={card} side="front" />
      <SideImage card={card} side="back" />
    </section>
  );
}
