import { useId, useState, type FormEvent } from 'react';
import { ArrowLeft, ShieldQuestion } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { graderLabels, graders, type Grader } from '#common/cards.ts';
import {
  CERT_CLAIM_MESSAGE_MAX,
  certClaimMessages,
  certClaimPaths,
  createCertClaimFieldsSchema,
  type CertClaimPhotoSide,
} from '#common/cert-claims.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { useCreateClaim } from './api/create-claim.ts';
import { PhotoPicker } from './photo-picker.tsx';

const claimable = graders.filter((g): g is Exclude<Grader, 'raw'> => g !== 'raw');
const isClaimable = (v: string | null): v is Exclude<Grader, 'raw'> => claimable.some((g) => g === v);

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs sm:text-sm focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/30';

type Errors = Partial<Record<'grader' | 'certNumber' | 'message' | CertClaimPhotoSide, string>>;

/**
 * /registry/claims/new?grader=PSA&cert=…: claim a certificate someone else registered, with
 * photos of the slab's front and back (sent together, with upload progress).
 */
export default function NewClaimPage() {
  const ids = useId();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const initialGrader = params.get('grader');
  const [grader, setGrader] = useState<Exclude<Grader, 'raw'>>(isClaimable(initialGrader) ? initialGrader : 'PSA');
  const [certNumber, setCertNumber] = useState(params.get('cert') ?? '');
  const [message, setMessage] = useState('');
  const [photos, setPhotos] = useState<Record<CertClaimPhotoSide, File | null>>({ front: null, back: null });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateClaim();

  const setPhoto = (side: CertClaimPhotoSide) => (file: File | null, problem: string | null) => {
    setPhotos((p) => ({ ...p, [side]: file ?? p[side] }));
    setErrors((e) => ({ ...e, [side]: problem ?? undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const next: Errors = {};
    const fields = createCertClaimFieldsSchema.safeParse({ grader, certNumber, message });
    if (!fields.success) for (const i of fields.error.issues) next[i.path[0] as keyof Errors] ??= i.message;
    for (const side of ['front', 'back'] as const) if (!photos[side]) next[side] ??= certClaimMessages.photoMissing(side);
    setErrors(next);
    if (Object.keys(next).length || !fields.success) return;
    setProgress(0);
    try {
      const { claim } = await create.mutateAsync({ ...fields.data, front: photos.front!, back: photos.back!, onProgress: setProgress });
      toast({ title: 'Claim sent', description: `We will review your photos of ${claim.grader} ${claim.certNumber} and let you know.` });
      navigate(certClaimPaths.mine);
    } catch (err) {
      const fieldErrors = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors : undefined;
      const placed: Errors = {};
      for (const [k, v] of Object.entries(fieldErrors ?? {}))
        if (v[0] && ['grader', 'certNumber', 'message', 'front', 'back'].includes(k)) placed[k as keyof Errors] = v[0];
      setErrors(placed);
      if (!Object.keys(placed).length) setServerError(errorMessage(err, 'We could not send your claim. Please try again.'));
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const pct = Math.round((progress ?? 0) * 100);
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 lg:py-10">
      <Button variant="ghost" size="sm" asChild className="justify-self-start">
        <Link href="/registry">
          <ArrowLeft aria-hidden="true" />
          Registry
        </Link>
      </Button>
      <PageHeader
        eyebrow="Certificate claim"
        title="Claim this certificate"
        description="Another member has registered this certificate. If the slab is in your hands, send clear photos of its front and back. Our team compares them with the certificate and tells you both what they decide."
      />
      <form onSubmit={submit} noValidate className="grid gap-6 rounded-xl border bg-card p-5 shadow-xs sm:p-6" aria-label="Certificate claim">
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-grader`}>Grader</Label>
            <select
              id={`${ids}-grader`}
              className={selectClass}
              value={grader}
              disabled={busy}
              onChange={(e) => isClaimable(e.target.value) && setGrader(e.target.value)}
            >
              {claimable.map((g) => (
                <option key={g} value={g}>
                  {graderLabels[g]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-cert`}>Certificate number</Label>
            <Input
              id={`${ids}-cert`}
              inputMode="numeric"
              autoComplete="off"
              value={certNumber}
              disabled={busy}
              onChange={(e) => setCertNumber(e.target.value)}
              aria-invalid={errors.certNumber ? true : undefined}
              aria-describedby={errors.certNumber ? `${ids}-cert-error` : undefined}
              className="tabular"
            />
            {errors.certNumber && (
              <p id={`${ids}-cert-error`} role="alert" className="text-sm text-destructive">
                {errors.certNumber}
              </p>
            )}
          </div>
        </div>

        <fieldset className="grid gap-4" disabled={busy}>
          <legend className="mb-2 text-sm font-medium">Photos of the slab</legend>
          <div className="grid grid-cols-2 gap-4">
            <PhotoPicker side="front" file={photos.front} onChange={setPhoto('front')} error={errors.front} disabled={busy} />
            <PhotoPicker side="back" file={photos.back} onChange={setPhoto('back')} error={errors.back} disabled={busy} />
          </div>
        </fieldset>

        <div className="grid gap-2">
          <Label htmlFor={`${ids}-message`}>
            How did the slab come to you? <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            id={`${ids}-message`}
            value={message}
            maxLength={CERT_CLAIM_MESSAGE_MAX}
            disabled={busy}
            onChange={(e) => setMessage(e.target.value)}
            placeholder="e.g. Bought at the National in July 2024; receipt available"
            className="min-h-24"
          />
          {errors.message && (
            <p role="alert" className="text-sm text-destructive">
              {errors.message}
            </p>
          )}
        </div>

        <div aria-live="polite" className="grid gap-2">
          {busy && (
            <div className="grid gap-1">
              <Progress value={pct} aria-label="Uploading the photos" />
              <span className="tabular text-xs text-muted-foreground">Uploading photos… {pct}%</span>
            </div>
          )}
          {serverError && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {serverError}
            </p>
          )}
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" asChild>
            <Link href={certClaimPaths.mine}>Your claims</Link>
          </Button>
          <Button type="submit" variant="crimson" disabled={busy}>
            {busy ? <Spinner size="sm" label="Sending" /> : <ShieldQuestion aria-hidden="true" />}
            Send claim
          </Button>
        </div>
      </form>
    </div>
  );
}
