import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Camera, RefreshCw } from 'lucide-react';
import {
  CERT_CLAIM_PHOTO_ACCEPT,
  CERT_CLAIM_PHOTO_MAX_BYTES,
  certClaimMessages,
  certClaimPhotoContentTypes,
  type CertClaimPhotoSide,
} from '#common/cert-claims.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

/** A photo the server would refuse, caught before anything is sent (the server checks the bytes again). */
export function claimPhotoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(certClaimPhotoContentTypes as readonly string[]).includes(file.type)) return certClaimMessages.photoType;
  if (file.size > CERT_CLAIM_PHOTO_MAX_BYTES) return certClaimMessages.photoTooLarge;
  return null;
}

/** One side of the slab: choose a JPEG or PNG, see it, replace it. */
export function PhotoPicker({
  side,
  file,
  onChange,
  error,
  disabled,
}: {
  side: CertClaimPhotoSide;
  file: File | null;
  onChange: (file: File | null, problem: string | null) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const label = side === 'front' ? 'Front of the slab' : 'Back of the slab';
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    e.target.value = '';
    if (!f) return;
    const problem = claimPhotoProblem(f);
    onChange(problem ? null : f, problem);
  };
  return (
    <div className="grid content-start gap-2" data-testid={`claim-photo-${side}`}>
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className={cn(
          'grid aspect-[4/5] w-full place-items-center overflow-hidden rounded-lg border border-dashed bg-muted/40 text-sm text-muted-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60',
          error && 'border-destructive',
          preview && 'border-solid bg-zinc-100',
        )}
      >
        {preview ? (
          <img src={preview} alt={`${label}, as chosen`} className="h-full w-full object-contain" />
        ) : (
          <span className="grid justify-items-center gap-2 px-3 text-center">
            <Camera aria-hidden="true" className="size-6" />
            Choose a photo
          </span>
        )}
      </button>
      <input
        ref={input}
        type="file"
        accept={CERT_CLAIM_PHOTO_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        onChange={choose}
        aria-label={`${label} photo file`}
        data-testid={`claim-photo-${side}-input`}
      />
      <div className="flex items-center justify-between gap-2">
        <p id={`${id}-hint`} className={cn('text-xs', error ? 'text-destructive' : 'text-muted-foreground')} role={error ? 'alert' : undefined}>
          {error ?? (file ? file.name : 'JPEG or PNG, up to 10 MB; the label must be readable.')}
        </p>
        {file && (
          <Button type="button" size="sm" variant="ghost" onClick={() => input.current?.click()} disabled={disabled}>
            <RefreshCw aria-hidden="true" />
            Replace
          </Button>
        )}
      </div>
    </div>
  );
}
