import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, SearchX, ShieldCheck, Warehouse } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'wouter';
import { graderLabels } from '#common/cards.ts';
import { titleCase } from '#common/title-case.ts';
import { verifiableGraders, verifyMessages, verifyParamsSchema, type VerifyParams, type VerifyResponse } from '#common/verify.ts';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { formatDate } from '#web/lib/dates.ts';
import { useVerification } from './api/get-verification.ts';

const selectClass =
  'h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-ring';

type VerifyForm = { grader: string; certNumber: string };

/** The checked certificate from the address, so a check can be shared or bookmarked. */
function paramsFrom(search: URLSearchParams): VerifyParams | null {
  const parsed = verifyParamsSchema.safeParse({ grader: search.get('grader') ?? '', certNumber: search.get('cert') ?? '' });
  return parsed.success ? parsed.data : null;
}

/** /verify: anyone can check whether we hold a slab, without signing in. */
export default function VerifyPage() {
  const [search, setSearch] = useSearchParams();
  const asked = paramsFrom(search);
  const form = useForm<VerifyForm, unknown, VerifyParams>({
    resolver: zodResolver(verifyParamsSchema) as never,
    defaultValues: { grader: asked?.grader ?? 'PSA', certNumber: asked?.certNumber ?? '' },
  });
  const query = useVerification(asked);
  const onSubmit = form.handleSubmit((v) => setSearch({ grader: v.grader, cert: v.certNumber }));

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-8 px-4 py-10 sm:px-6">
      <header className="grid gap-2">
        <h1 className="font-display text-3xl font-semibold">Verify a certificate</h1>
        <p className="text-muted-foreground">
          Enter a slab’s grading company and certificate number to see whether it is in our vault, and when we last checked it against the grader’s
          records. We never show who owns it or what it is worth.
        </p>
      </header>

      <form onSubmit={onSubmit} noValidate className="grid gap-4 rounded-xl border bg-card p-5 sm:grid-cols-[10rem_1fr_auto] sm:items-start">
        <FormField control={form.control} name="grader" label="Grading company">
          <select className={selectClass} {...form.register('grader')}>
            {verifiableGraders.map((g) => (
              <option key={g} value={g}>
                {graderLabels[g]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField control={form.control} name="certNumber" label="Certificate number">
          <Input inputMode="numeric" autoComplete="off" placeholder="e.g. 25531870" {...form.register('certNumber')} />
        </FormField>
        <Button type="submit" className="sm:mt-[1.375rem]" disabled={query.isFetching}>
          {query.isFetching ? <Spinner className="size-4" aria-hidden /> : null}
          Check
        </Button>
      </form>

      <section aria-live="polite" aria-label="Result">
        {!asked ? null : query.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            <Spinner className="size-4" aria-hidden /> Checking certificate {asked.certNumber}…
          </p>
        ) : query.isError ? (
          <NotHeld params={asked} error={query.error} />
        ) : (
          <Verified result={query.data} />
        )}
      </section>
    </div>
  );
}

function Verified({ result }: { result: VerifyResponse }) {
  return (
    <article className="grid gap-4 rounded-xl border bg-card p-5" data-testid="verify-result">
      <div className="flex items-start gap-3">
        {result.inVault ? (
          <Warehouse className="mt-0.5 size-6 shrink-0 text-emerald-700" aria-hidden />
        ) : (
          <ShieldCheck className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden />
        )}
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">
            {result.inVault ? `In our vault since ${formatDate(result.since)}` : 'Registered with us, not in our vault now'}
          </h2>
          <p className="text-sm text-muted-foreground">
            {graderLabels[result.grader]} certificate {result.certNumber}
          </p>
        </div>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted-foreground">Card</dt>
        <dd className="font-medium">{titleCase(result.description)}</dd>
        <dt className="text-muted-foreground">Grade</dt>
        <dd className="font-medium">{result.grade ?? '—'}</dd>
        <dt className="text-muted-foreground">Last checked with PSA</dt>
        <dd className="flex items-center gap-1.5 font-medium">
          {result.lastCheckedAt ? (
            <>
              <BadgeCheck className="size-4 text-emerald-700" aria-hidden /> {formatDate(result.lastCheckedAt)}
            </>
          ) : (
            'Not checked yet'
          )}
        </dd>
      </dl>
    </article>
  );
}

function NotHeld({ params, error }: { params: VerifyParams; error: unknown }) {
  const notHeld = error instanceof ApiError && error.status === 404;
  return (
    <div role={notHeld ? undefined : 'alert'} className="flex items-start gap-3 rounded-xl border bg-card p-5" data-testid="verify-result">
      <SearchX className="mt-0.5 size-6 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{notHeld ? verifyMessages.notHeld : 'We could not check this certificate'}</h2>
        <p className="text-sm text-muted-foreground">
          {notHeld
            ? `${graderLabels[params.grader]} certificate ${params.certNumber} is not a slab we hold. Check the number on the label, or ask the seller where the slab is kept.`
            : errorMessage(error, 'Please try again in a moment.')}
        </p>
      </div>
    </div>
  );
}
