// Onboarding steps 1–4: accept, tier, allocation and identity documents.
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { ArrowRight, CircleCheck, ShieldCheck } from 'lucide-react';
import { formatCents } from '#common/format.ts';
import { requiredKycDocumentTypes, type KycDocumentType } from '#common/kyc.ts';
import {
  ALLOCATION_TOTAL_MESSAGE,
  allocationCategories,
  allocationLabels,
  allocationTotal,
  onboardingSteps,
  type Allocation,
  type OnboardingView,
  type TierId,
} from '#common/onboarding.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { cn } from '#web/lib/utils.ts';
import { allocationColors } from './allocation-colors.ts';
import { FundChoice, fundSharesOk, fundSharesToAllocation, type FundShares } from './fund-choice.tsx';
import { useSelectTier, useSetAllocation, useSubmitKyc } from './api/take-onboarding-step.ts';
import { InvitationAnswer, invitationTerms } from './invitation-card.tsx';
import { useKycUpload } from './kyc-upload.tsx';
import { failed, StepCard } from './onboarding-parts.tsx';

const AllocationChart = lazy(() => import('./allocation-chart.tsx'));

/** The manager's invitation, waiting for the member's answer (decision 127). */
export function AcceptStep({ view }: { view: OnboardingView }) {
  const who = view.managerName?.trim() || 'Your portfolio manager';
  return (
    <Card data-testid="manager-invitation-step">
      <CardHeader>
        <p className="text-xs font-medium uppercase tracking-[0.18em] text-crimson">Invitation</p>
        <CardTitle className="font-display text-2xl font-medium">{who} invited you to be your portfolio manager</CardTitle>
        <CardDescription>{invitationTerms(view.managerName)}</CardDescription>
      </CardHeader>
      <CardFooter className="border-t pt-6 sm:justify-end">
        <InvitationAnswer managerName={view.managerName} className="w-full sm:w-auto" />
      </CardFooter>
    </Card>
  );
}

export function TierStep({ view }: { view: OnboardingView }) {
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

export function AllocationStep({ view }: { view: OnboardingView }) {
  const [values, setValues] = useState<Allocation>(view.allocation ?? startingAllocation);
  const [shares, setShares] = useState<FundShares>(() => Object.fromEntries((view.fundAllocation ?? []).map((c) => [c.fundId, c.percent])));
  const save = useSetAllocation();
  const ids = useId();
  const total = allocationTotal(values);
  const ok = total === 100 && fundSharesOk(shares);
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
          <Button
            variant="crimson"
            disabled={!ok || save.isPending}
            onClick={() => save.mutate({ allocation: values, funds: fundSharesToAllocation(shares) }, { onError: failed })}
          >
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
          {total !== 100 && <p className="text-center text-sm text-destructive">{ALLOCATION_TOTAL_MESSAGE}</p>}
        </div>
      </div>
      <div className="mt-6">
        <FundChoice shares={shares} onChange={setShares} />
      </div>
    </StepCard>
  );
}

export function KycStep() {
  const KycUpload = useKycUpload();
  return <KycUpload>{({ missing, documents }) => <KycStepCard missing={missing ?? requiredKycDocumentTypes} documents={documents} />}</KycUpload>;
}

function KycStepCard({ missing, documents }: { missing: readonly KycDocumentType[]; documents: ReactNode }) {
  const submit = useSubmitKyc();
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
      {documents}
      <p className="mt-4 flex items-start gap-2 text-xs text-muted-foreground">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Your documents are stored privately and seen only by our compliance team. Review usually takes one business day; you can continue meanwhile.
      </p>
    </StepCard>
  );
}
