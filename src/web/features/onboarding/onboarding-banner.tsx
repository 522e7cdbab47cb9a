import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { ArrowRight } from 'lucide-react';
import { bannerAction, onboardingStep, ONBOARDING_BANNER_TITLE } from '#common/onboarding-steps.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Progress } from '#web/components/ui/progress.tsx';
import { getCredentials } from '#web/lib/credentials.ts';
import { useOnboardingStatus } from './api/get-onboarding-status.ts';
import { InvitationBanner } from './invitation-card.tsx';

const LANDED_KEY = 'onboarding-landed';

/** One mark per sign-in (the session's token changes at every sign-in), shared by every tab. */
function signInMark(userId: string) {
  const token = getCredentials()?.authToken;
  return token ? `${userId}:${token.slice(-10)}` : userId;
}

/**
 * Sends an invited client to /onboarding once per sign-in, the first time the shell shows them
 * the dashboard (where every sign-in lands) while their onboarding is unfinished.
 */
function useLandOnOnboarding(status: string | null | undefined, userId: string, opts: { invitation: boolean }) {
  const [location, navigate] = useLocation();
  const { invitation } = opts;
  useEffect(() => {
    if (!status || status === 'active' || location !== '/dashboard') return;
    const mark = signInMark(userId);
    try {
      if (localStorage.getItem(LANDED_KEY) === mark) return;
      localStorage.setItem(LANDED_KEY, mark);
    } catch {
      return;
    }
    // A manager's invitation is answered where the member is (the banner): this sign-in has
    // landed, so accepting does not throw them onto another page.
    if (invitation) return;
    navigate('/onboarding', { replace: true });
  }, [status, location, navigate, userId, invitation]);
}

/**
 * While a manager's invitation waits for the member's answer, the invitation with Accept and
 * Decline instead (decision 127).
 *
 * Spec §2/§4: under the member bar while the user has an onboarding that is not active. Step
 * label, message, percent-complete bar, the manager's name when known, and 'Continue Setup' (or
 * 'View Deposit Instructions' on awaiting_deposit) to /onboarding; no button in pending_invitation.
 */
export function OnboardingBanner({ userId }: { userId: string }) {
  const { data } = useOnboardingStatus();
  // An invitation waiting for an answer is asked here, on the page the member opened (decision 127).
  const pending = data?.managerConsent === 'pending';
  useLandOnOnboarding(data?.hasOnboarding ? data.status : null, userId, { invitation: pending });
  if (!data?.hasOnboarding) return null;
  if (pending) return <InvitationBanner managerName={data.managerName} />;
  const step = onboardingStep(data.status);
  if (step.status === 'active') return null;
  const action = bannerAction(step.status);
  return (
    <section
      aria-labelledby="onboarding-banner-title"
      data-testid="onboarding-banner"
      className="border-b border-crimson/15 bg-gradient-to-r from-crimson/[0.06] via-white to-white"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-4 sm:px-6 md:flex-row md:items-center md:gap-8">
        <div className="min-w-0 flex-1">
          <h2 id="onboarding-banner-title" className="font-display text-lg font-medium leading-tight">
            {ONBOARDING_BANNER_TITLE}
          </h2>
          <p className="mt-1 text-sm">
            <span className="font-medium text-crimson" data-testid="onboarding-step-label">
              {step.label}
            </span>
            <span className="text-muted-foreground"> · {step.message}</span>
          </p>
          {data.managerName && <p className="mt-0.5 text-xs text-muted-foreground">Your portfolio manager: {data.managerName}</p>}
        </div>
        <div className="flex items-center gap-4 md:w-[22rem]">
          <div className="min-w-0 flex-1">
            <div className="mb-1 flex justify-between text-xs text-muted-foreground">
              <span>Progress</span>
              <span className="tabular font-medium text-foreground">{step.progress}% complete</span>
            </div>
            <Progress value={step.progress} aria-label={`Onboarding ${step.progress}% complete`} />
          </div>
          {action && (
            <Button asChild variant="crimson" size="sm" className="shrink-0">
              <Link href="/onboarding">
                {action}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
