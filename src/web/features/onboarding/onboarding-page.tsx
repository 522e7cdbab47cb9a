import { Link } from 'wouter';
import { onboardingSteps, type OnboardingView } from '#common/onboarding.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { openSignIn } from '#web/features/auth/sign-in-store.ts';
import { useOnboardingStatus } from './api/get-onboarding-status.ts';
import { useOnboardingView } from './api/get-onboarding-view.ts';
import { Stepper } from './onboarding-parts.tsx';
import { AcceptStep, AllocationStep, KycStep, TierStep } from './onboarding-early-steps.tsx';
import { ActiveStep, DepositStep, SignStep } from './onboarding-late-steps.tsx';

function CurrentStep({ view }: { view: OnboardingView }) {
  // Nothing moves until the member has accepted the manager (decision 127).
  if (view.managerConsent === 'pending') return <AcceptStep view={view} />;
  switch (view.status) {
    case 'pending_invitation':
      return <AcceptStep view={view} />;
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
            {v.managerName && v.managerConsent === 'accepted' && (
              <p className="mt-1 text-sm text-muted-foreground">Your portfolio manager: {v.managerName}</p>
            )}
          </div>
          <div className="w-full sm:w-56">
            <div className="mb-1 flex justify-between text-xs text-muted-foreground">
              <span>{step.label}</span>
              <span className="tabular font-medium text-foreground">{step.progress}%</span>
            </div>
            <Progress value={step.progress} aria-label={`Onboarding ${step.progress}% complete`} />
          </div>
        </div>
        {v.status !== 'pending_invitation' && v.managerConsent === 'accepted' && <Stepper status={v.status} />}
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
