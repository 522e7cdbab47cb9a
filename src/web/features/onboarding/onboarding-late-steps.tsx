// Onboarding steps 5–7: signing, the deposit and the active account.
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowRight, Check, Clock, Landmark } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import { kycStatusLabels } from '#common/kyc.ts';
import { onboardingSteps, signMessages, type OnboardingView, WIRE_INSTRUCTIONS_PENDING } from '#common/onboarding.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { useSignAgreement } from './api/take-onboarding-step.ts';
import { failed, StepCard } from './onboarding-parts.tsx';

export function SignStep({ view }: { view: OnboardingView }) {
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
              I have read the {view.agreement.title} (version {view.agreement.version}) and agree to it. Typing my name above is my electronic
              signature.
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

export function DepositStep({ view }: { view: OnboardingView }) {
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

export function ActiveStep({ view }: { view: OnboardingView }) {
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
