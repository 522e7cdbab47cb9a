import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShieldQuestion } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'wouter';
import { z } from 'zod';
import { graderLabels, graders, type Grader } from '#common/cards.ts';
import {
  CERT_CLAIM_MESSAGE_MAX,
  certClaimMessages,
  certClaimPaths,
  createCertClaimFieldsSchema,
  type CertClaimPhotoSide,
} from '#common/cert-claims.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { applyServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useCreateClaim } from './api/create-claim.ts';
import { PhotoPicker } from './photo-picker.tsx';

const claimable = graders.filter((g): g is Exclude<Grader, 'raw'> => g !== 'raw');
const isClaimable = (v: string | null): v is Exclude<Grader, 'raw'> => claimable.some((g) => g === v);

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs sm:text-sm focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/30';

const photo = (side: CertClaimPhotoSide) => z.custom<File>((v) => v instanceof File, certClaimMessages.photoMissing(side));
// The server's text fields, and the two photos it requires beside them.
const claimFormSchema = createCertClaimFieldsSchema.extend({ front: photo('front'), back: photo('back') });
type ClaimFormInput = Omit<z.input<typeof claimFormSchema>, 'front' | 'back'> & { message: string; front: File | null; back: File | null };
type ClaimFormValues = z.output<typeof claimFormSchema>;
const claimFields = ['grader', 'certNumber', 'message', 'front', 'back'] as const;

/**
 * /registry/claims/new?grader=PSA&cert=…: claim a certificate someone else registered, with
 * photos of the slab's front and back (sent together, with upload progress).
 */
export default function NewClaimPage() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const initialGrader = params.get('grader');
  // The photos are form values like the rest (set by the picker through a Controller).
  const form = useForm<ClaimFormInput, unknown, ClaimFormValues>({
    resolver: zodResolver(claimFormSchema as unknown as z.ZodType<ClaimFormValues, ClaimFormInput>),
    defaultValues: {
      grader: isClaimable(initialGrader) ? initialGrader : 'PSA',
      certNumber: params.get('cert') ?? '',
      message: '',
      front: null,
      back: null,
    },
  });
  const { control, register } = form;
  const [progress, setProgress] = useState<number | null>(null);
  const create = useCreateClaim();

  const submit = form.handleSubmit(async ({ front, back, ...fields }) => {
    setProgress(0);
    try {
      const { claim } = await create.mutateAsync({ ...fields, front, back, onProgress: setProgress });
      toast({ title: 'Claim sent', description: `We will review your photos of ${claim.grader} ${claim.certNumber} and let you know.` });
      navigate(certClaimPaths.mine);
    } catch (err) {
      if (!applyServerFieldErrors(form, err, Object.fromEntries(claimFields.map((f) => [f, f]))))
        form.setError('root', { message: errorMessage(err, 'We could not send your claim. Please try again.') });
    } finally {
      setProgress(null);
    }
  });
  const serverError = form.formState.errors.root?.message;

  const picker = (side: CertClaimPhotoSide) => (
    <Controller
      control={control}
      name={side}
      render={({ field, fieldState }) => (
        <PhotoPicker
          side={side}
          file={field.value}
          onChange={(file, problem) => {
            if (file) field.onChange(file);
            if (problem) form.setError(side, { message: problem });
            else form.clearErrors(side);
          }}
          error={fieldState.error?.message}
          disabled={busy}
        />
      )}
    />
  );

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
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="grid gap-6 rounded-xl border bg-card p-5 shadow-xs sm:p-6"
        aria-label="Certificate claim"
      >
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <FormField control={control} name="grader" label="Grader">
            <select className={selectClass} disabled={busy} {...register('grader')}>
              {claimable.map((g) => (
                <option key={g} value={g}>
                  {graderLabels[g]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField control={control} name="certNumber" label="Certificate number">
            <Input inputMode="numeric" autoComplete="off" disabled={busy} className="tabular" {...register('certNumber')} />
          </FormField>
        </div>

        <fieldset className="grid gap-4" disabled={busy}>
          <legend className="mb-2 text-sm font-medium">Photos of the slab</legend>
          <div className="grid grid-cols-2 gap-4">
            {picker('front')}
            {picker('back')}
          </div>
        </fieldset>

        <FormField
          control={control}
          name="message"
          label={
            <>
              How did the slab come to you? <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
        >
          <Textarea
            maxLength={CERT_CLAIM_MESSAGE_MAX}
            disabled={busy}
            placeholder="e.g. Bought at the National in July 2024; receipt available"
            className="min-h-24"
            {...register('message')}
          />
        </FormField>

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
