import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowRight, Check, CircleCheck, Clock, Landmark, ShieldCheck } from 'lucide-react';
import { formatCents, formatDate } from '#common/format.ts';
import { kycStatusLabels, requiredKycDocumentTypes } from '#common/kyc.ts';
import {
  ALLOCATION_TOTAL_MESSAGE,
  allocationCategories,
  allocationLabels,
  allocationTotal,
  onboardingStatuses,
  onboardingSteps,
  signMessages,
  type Allocation,
  type OnboardingStatus,
  type OnboardingView,
  type TierId,
  WIRE_INSTRUCTIONS_PENDING,
} from '#common/onboarding.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { PageSpinner, Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { useCurrentUser } from '#web/features/auth/current-user.ts';
import { openSignIn } from '#web/features/auth/sign-in-store.ts';
import { KycDocumentList } from '#web/features/kyc/kyc-documents.tsx';
import { useMyKycStatus } from '#web/features/kyc/api.ts';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { allocationColors } from './allocation-colors.ts';
import {
  useAcceptInvitation,
  useOnboardingStatus,
  useOnboardingView,
  useSelectTier,
  useSetAllocation,
  useSignAgreement,
  useSubmitKyc,
} from './api.ts';

const AllocationChart = lazy(() => import('./allocation-chart.tsx'));

/** The client-facing steps (the invitation itself is step 0). */
const STEPS = onboardingStatuses.filter((s) => s !== 'pending_invitation');

function failed(err: unknown) {
  toast({ variant: 'destructive', title: 'Could not continue', description: errorMessage(err, 'Please try again.') });
}

function Stepper({ status }: { status: OnboardingStatus }) {
  const current = onboardingStatuses.indexOf(status);
  return (
    <ol className="grid grid-cols-6 gap-1.5 sm:gap-2" aria-label="Onboarding steps">
      {STEPS.map((s, i) => {
        const index = onboardingStatuses.indexOf(s);
        const done = index < current || status === 'active';
        const here = index === current && status !== 'active';
        return (
          <li key={s} className="min-w-0" aria-current={here ? 'step' : undefined}>
            <div className={cn('h-1 rounded-full', done ? 'bg-crimson' : here ? 'bg-crimson/50' : 'bg-zinc-200')} />
            <p
              className={cn(
                'mt-2 hidden text-xs leading-tight sm:block',
                here ? 'font-medium text-foreground' : done ? 'text-foreground/70' : 'text-muted-foreground',
              )}
            >
              <span className="tabular mr-1 text-muted-foreground">{i + 1}.</span>
              {onboardingSteps[s].label}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

function StepCard({ step, title, description, children, footer }: { step: number; title: string; description: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <Card data-testid="onboarding-step">
      <CardHeader>
        <p className="text-xs font-medium uppercase tracking-[0.18em] text-crimson">Step {step} of 6</p>
        <CardTitle className="font-display text-2xl font-medium">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
      {footer && <CardFooter className="flex flex-col-reverse gap-2 border-t pt-6 sm:flex-row sm:justify-end">{footer}</CardFooter>}
    </Card>
  );
}

function AcceptStep() {
  const accept = useAcceptInvitation();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="font-display text-2xl font-medium">{onboardingSteps.pending_invitation.label}</CardTitle>
        <CardDescription>Your portfolio manager has invited you to open a managed collectibles portfolio.</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="crimson" disabled={accept.isPending} onClick={() => accept.mutate(undefined, { onError: failed })}>
          {accept.isPending && <Spinner size="sm" label="Starting" />}
          Accept invitation
        </Button>
      </CardFooter>
    </Card>
  );
}

function TierStep({ view }: { view: OnboardingView }) {
  const [tier, setTier] = useState<TierId | null>(view.suggestedTier);
  const select = useSelectTier();
  const name = useId();
  return (
    <StepCard
      step={1}
      title={onboardingSteps.tier_selection.label}
      description={onboardingSteps.tier_selection.message}
      footer={
        <Button variant="crimson" disabled={!tier || select.isPending} onClick={() => tier && select.mutate(tier, { onError: failed })}>
          {select.isPending && <Spinner size="sm" label="Saving" />}
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      }
    >
      <div role="radiogroup" aria-label="Investment tier" className="grid gap-3 md:grid-cols-3">
        {view.tiers.map((t) => {
          const checked = tier === t.id;
          return (
            <label
              key={t.id}
              className={cn(
                'relative flex cursor-pointer flex-col gap-2 rounded-xl border bg-card p-5 transition-colors hover:border-zinc-400 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                checked && 'border-crimson bg-crimson/[0.04] ring-1 ring-crimson',
              )}
            >
              <input type="radio" name={name} value={t.id} checked={checked} onChange={() => setTier(t.id)} className="sr-only" />
              <span className="flex items-center justify-between gap-2">
                <span className="font-display text-xl">{t.name}</span>
                {checked && <CircleCheck className="size-5 text-crimson" aria-hidden="true" />}
              </span>
              <span className="tabular text-2xl font-semibold tracking-tight">{formatCents(t.minimumCents, 0)}</span>
              <span className="text-xs uppercase tracking-wide text-muted-foreground">Minimum initial deposit</span>
              {t.description && <span className="text-sm text-muted-foreground">{t.description}</span>}
              {view.suggestedTier === t.id && (
                <Badge variant="outline" className="mt-1">
                  Suggested by your manager
                </Badge>
              )}
            </label>
          );
        })}
      </div>
    </StepCard>
  );
}

const emptyAllocation: Allocation = { vintage: 0, modern: 0, basketball: 0, baseball: 0, football: 0, other: 0 };
const startingAllocation: Allocation = { vintage: 25, modern: 25, basketball: 15, baseball: 15, football: 10, other: 10 };

function AllocationStep({ view }: { view: OnboardingView }) {
  const [values, setValues] = useState<Allocation>(view.allocation ?? startingAllocation);
  const save = useSetAllocation();
  const ids = useId();
  const total = allocationTotal(values);
  const ok = total === 100;
  const set = (k: keyof Allocation, raw: string) => {
    const n = raw === '' ? 0 : Math.max(0, Math.min(100, Math.round(Number(raw))));
    setValues((v) => ({ ...v, [k]: Number.isFinite(n) ? n : 0 }));
  };
  return (
    <StepCard
      step={2}
      title={onboardingSteps.portfolio_allocation.label}
      description={onboardingSteps.portfolio_allocation.message}
      footer={
        <>
          <Button variant="ghost" onClick={() => setValues(emptyAllocation)}>
            Clear
          </Button>
          <Button variant="crimson" disabled={!ok || save.isPending} onClick={() => save.mutate(values, { onError: failed })}>
            {save.isPending && <Spinner size="sm" label="Saving" />}
            Continue
            <ArrowRight aria-hidden="true" />
          </Button>
        </>
      }
    >
      <div className="grid items-center gap-8 md:grid-cols-[1fr_16rem]">
        <div className="grid gap-4">
          {allocationCategories.map((k) => (
            <div key={k} className="grid grid-cols-[1fr_5.5rem] items-center gap-x-4 gap-y-1.5 sm:grid-cols-[7rem_1fr_5.5rem]">
              <Label htmlFor={`${ids}-${k}`} className="flex items-center gap-2">
                <span className="size-2.5 rounded-full" style={{ background: allocationColors[k] }} aria-hidden="true" />
                {allocationLabels[k]}
              </Label>
              <input
                type="range"
                min={0}
                max={100}
                step={5}
                value={values[k]}
                onChange={(e) => set(k, e.target.value)}
                aria-label={`${allocationLabels[k]} slider`}
                className="col-span-2 row-start-2 w-full accent-[#8b1a1a] sm:col-span-1 sm:row-start-auto"
              />
              <div className="relative col-start-2 row-start-1 sm:col-start-auto sm:row-start-auto">
                <Input
                  id={`${ids}-${k}`}
                  inputMode="numeric"
                  type="number"
                  min={0}
                  max={100}
                  value={String(values[k])}
                  onChange={(e) => set(k, e.target.value)}
                  className="tabular pr-7 text-right"
                />
                <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">%</span>
              </div>
            </div>
          ))}
        </div>
        <div className="grid justify-items-center gap-2">
          <Suspense fallback={<Skeleton className="size-48 rounded-full" />}>
            <AllocationChart allocation={values} />
          </Suspense>
          <p className={cn('tabular text-sm font-medium', ok ? 'text-green-700' : 'text-destructive')} role="status" aria-live="polite">
            Total {total}%
          </p>
          {!ok && <p className="text-center text-sm text-destructive">{ALLOCATION_TOTAL_MESSAGE}</p>}
        </div>
      </div>
    </StepCard>
  );
}

function KycStep() {
  const status = useMyKycStatus();
  const submit = useSubmitKyc();
  const missing = status.data?.missing ?? [...requiredKycDocumentTypes];
  return (
    <StepCard
      step={3}
      title={onboardingSteps.kyc_upload.label}
      description={`${onboardingSteps.kyc_upload.message}: the front and back of a government ID and a selfie. JPEG, PNG or PDF, up to 10 MB each.`}
      footer={
        <Button variant="crimson" disabled={missing.length > 0 || submit.isPending} onClick={() => submit.mutate(undefined, { onError: failed })}>
          {submit.isPending && <Spinner size="sm" label="Submitting" />}
          Submit documents
          <ArrowRight aria-hidden="true" />
        </Button>
      }
    >
      <KycDocumentList />
      <p className="mt-4 flex items-start gap-2 text-xs text-muted-foreground">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Your documents are stored privately and seen only by our compliance team. Review usually takes one business day; you can
        continue meanwhile.
      </p>
    </StepCard>
  );
}

function SignStep({ view }: { view: OnboardingView }) {
  const ids = useId();
  const [fullName, setFullName] = useState(view.clientName ?? '');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ fullName?: string; consent?: string }>({});
  const sign = useSignAgreement();
  const submit = () => {
    const next: typeof errors = {};
    if (fullName.trim().length < 2) next.fullName = signMessages.fullName;
    if (!consent) next.consent = signMessages.consent;
    setErrors(next);
    if (Object.keys(next).length) return;
    sign.mutate(
      { fullName: fullName.trim(), consent: true, agreementVersion: view.agreement.version },
      {
        onError: (err) => {
          const fe = err instanceof ApiError ? (err.body as { fieldErrors?: Record<string, string[]> })?.fieldErrors : undefined;
          if (fe?.fullName) setErrors({ fullName: fe.fullName[0] });
          else failed(err);
        },
      },
    );
  };
  return (
    <StepCard
      step={4}
      title={onboardingSteps.documents_signing.label}
      description={onboardingSteps.documents_signing.message}
      footer={
        <Button variant="crimson" disabled={sign.isPending} onClick={submit}>
          {sign.isPending && <Spinner size="sm" label="Signing" />}
          Sign Agreement
        </Button>
      }
    >
      <div className="grid gap-6">
        <article aria-labelledby={`${ids}-title`} className="rounded-lg border bg-zinc-50">
          <header className="flex flex-wrap items-baseline justify-between gap-2 border-b px-5 py-3">
            <h3 id={`${ids}-title`} className="font-medium">
              {view.agreement.title}
            </h3>
            <span className="text-xs text-muted-foreground">Version {view.agreement.version}</span>
          </header>
          <div
            tabIndex={0}
            className="max-h-80 overflow-y-auto whitespace-pre-line px-5 py-4 text-sm leading-relaxed text-zinc-700 focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="agreement-text"
          >
            {view.agreement.text}
          </div>
        </article>
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-name`}>Full legal name</Label>
          <Input
            id={`${ids}-name`}
            autoComplete="name"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={errors.fullName ? `${ids}-name-error` : undefined}
            className="font-display text-lg"
          />
          {errors.fullName && (
            <p id={`${ids}-name-error`} role="alert" className="text-sm text-destructive">
              {errors.fullName}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <div className="flex items-start gap-3">
            <Checkbox id={`${ids}-consent`} checked={consent} onCheckedChange={(v) => setConsent(v === true)} className="mt-0.5" />
            <Label htmlFor={`${ids}-consent`} className="font-normal leading-snug">
              I have read the {view.agreement.title} (version {view.agreement.version}) and agree to it. Typing my name above is my
              electronic signature.
            </Label>
          </div>
          {errors.consent && (
            <p role="alert" className="text-sm text-destructive">
              {errors.consent}
            </p>
          )}
        </div>
      </div>
    </StepCard>
  );
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  if (!value) return null;
  return (
    <div className="grid gap-0.5 py-2.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="tabular break-words text-sm font-medium">{value}</dd>
    </div>
  );
}

function DepositStep({ view }: { view: OnboardingView }) {
  const w = view.deposit.wireInstructions;
  const kyc = view.kycStatus;
  return (
    <StepCard step={5} title={onboardingSteps.awaiting_deposit.label} description={onboardingSteps.awaiting_deposit.message}>
      <div className="grid gap-6" id="deposit-instructions">
        <div className="rounded-xl bg-zinc-950 p-5 text-white">
          <p className="text-xs uppercase tracking-[0.18em] text-white/60">Initial deposit</p>
          <p className="tabular mt-1 font-display text-4xl">{formatCents(view.deposit.amountCents, 0)}</p>
          <p className="mt-1 text-sm text-white/70">
            Reference <span className="tabular font-medium text-white">{view.deposit.reference}</span> — include it in the wire memo.
          </p>
        </div>
        <div>
          <h3 className="flex items-center gap-2 font-medium">
            <Landmark className="size-4 text-muted-foreground" aria-hidden="true" />
            Wire instructions
          </h3>
          {w ? (
            <>
              <dl className="mt-2 divide-y">
                <Row label="Beneficiary" value={w.beneficiaryName} />
                <Row label="Beneficiary address" value={w.beneficiaryAddress} />
                <Row label="Bank" value={w.bankName} />
                <Row label="Bank address" value={w.bankAddress} />
                <Row label="Routing (ABA)" value={w.routingNumber} />
                <Row label="Account number" value={w.accountNumber} />
                <Row label="SWIFT" value={w.swiftCode} />
                <Row label="Amount" value={formatCents(view.deposit.amountCents)} />
                <Row label="Reference" value={view.deposit.reference} />
              </dl>
              {w.note && <p className="mt-3 text-sm text-muted-foreground">{w.note}</p>}
            </>
          ) : (
            <p className="mt-2 text-sm" data-testid="wire-instructions-pending">
              {WIRE_INSTRUCTIONS_PENDING}
            </p>
          )}
        </div>
        <div className="flex items-start gap-3 rounded-lg border p-4 text-sm">
          <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <p>
            {view.managerName ?? 'Your portfolio manager'} will confirm when the deposit arrives, and your account becomes active.
            {kyc !== 'approved' && (
              <>
                {' '}
                Identity verification: <span className="font-medium">{kycStatusLabels[kyc]}</span>
                {kyc === 'rejected' && (
                  <>
                    {' '}
                    — please replace the rejected document in{' '}
                    <Link href="/settings" className="underline underline-offset-4">
                      Settings
                    </Link>
                  </>
                )}
                .
              </>
            )}
          </p>
        </div>
        {view.signature && (
          <p className="text-xs text-muted-foreground">
            Service Agreement v{view.signature.agreementVersion} signed by {view.signature.fullName} on {formatDate(view.signature.signedAt)}.
          </p>
        )}
      </div>
    </StepCard>
  );
}

function ActiveStep({ view }: { view: OnboardingView }) {
  return (
    <Card>
      <CardHeader className="items-start">
        <span className="flex size-11 items-center justify-center rounded-full bg-green-50 text-green-700">
          <Check className="size-5" aria-hidden="true" />
        </span>
        <CardTitle className="font-display text-2xl font-medium">{onboardingSteps.active.label}</CardTitle>
        <CardDescription>
          Your deposit of {formatCents(view.deposit.receivedCents)} was received on {formatDate(view.deposit.confirmedAt)}. Welcome aboard.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="crimson">
          <Link href="/dashboard">
            Go to your dashboard
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

function CurrentStep({ view }: { view: OnboardingView }) {
  switch (view.status) {
    case 'pending_invitation':
      return <AcceptStep />;
    case 'tier_selection':
      return <TierStep view={view} />;
    case 'portfolio_allocation':
      return <AllocationStep view={view} />;
    case 'kyc_upload':
      return <KycStep />;
    case 'documents_signing':
      return <SignStep view={view} />;
    case 'awaiting_deposit':
      return <DepositStep view={view} />;
    case 'active':
      return <ActiveStep view={view} />;
  }
}

function SignedOut() {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <CardTitle className="font-display text-3xl font-medium">Your portfolio invitation</CardTitle>
        <CardDescription>Sign in with the phone number your portfolio manager invited. We'll text you a verification code.</CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <Button variant="crimson" size="lg" onClick={openSignIn}>
          Sign in to continue
        </Button>
      </CardFooter>
    </Card>
  );
}

function Onboarding() {
  // The status says whether there is an onboarding at all, so a member without one never
  // requests it (and never sees a 404 in the console).
  const status = useOnboardingStatus();
  const has = status.data?.hasOnboarding === true;
  const view = useOnboardingView(has);
  const none = status.isSuccess && !has;
  const failed = status.isError || view.isError;
  const home = (
    <Button asChild variant="outline">
      <Link href="/dashboard">Go to your dashboard</Link>
    </Button>
  );
  if (failed) {
    const retry = () => void (status.isError ? status.refetch() : view.refetch());
    return (
      <LoadError
        title="We couldn't load your onboarding"
        description="Something went wrong on our side. Your progress is saved; please try again in a moment."
        onRetry={retry}
        retrying={status.isFetching || view.isFetching}
        action={home}
      />
    );
  }
  if (none) {
    return (
      <Card className="mx-auto max-w-lg">
        <CardHeader>
          <CardTitle>No onboarding yet</CardTitle>
          <CardDescription>There is no portfolio invitation for this account. If you expected one, ask your portfolio manager.</CardDescription>
        </CardHeader>
        <CardFooter className="gap-2">{home}</CardFooter>
      </Card>
    );
  }
  if (!view.data) return <PageSpinner label="Loading your onboarding" />;
  const v = view.data;
  const step = onboardingSteps[v.status];
  return (
    <div className="grid gap-8">
      <div className="grid gap-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-xs font-medium uppercase tracking-[0.18em] text-crimson">Onboarding</p>
            <h1 className="mt-1 font-display text-3xl font-medium tracking-tight sm:text-4xl">
              {v.clientName ? `Welcome, ${v.clientName.split(/\s+/)[0]}` : 'Welcome'}
            </h1>
            {v.managerName && <p className="mt-1 text-sm text-muted-foreground">Your portfolio manager: {v.managerName}</p>}
          </div>
          <div className="w-full sm:w-56">
            <div className="mb-1 flex justify-between text-xs text-muted-foreground">
              <span>{step.label}</span>
              <span className="tabular font-medium text-foreground">{step.progress}%</span>
            </div>
            <Progress value={step.progress} aria-label={`Onboarding ${step.progress}% complete`} />
          </div>
        </div>
        {v.status !== 'pending_invitation' && <Stepper status={v.status} />}
      </div>
      <CurrentStep view={v} />
    </div>
  );
}

/**
 * /onboarding (spec §2, public): the invited client signs in here and walks the statuses of
 * spec §4 in order, one real step at a time.
 */
export default function OnboardingPage() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
      {isPending ? <PageSpinner label="Loading" /> : user ? <Onboarding /> : <SignedOut />}
    </div>
  );
}
