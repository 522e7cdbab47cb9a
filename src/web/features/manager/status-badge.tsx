import { onboardingSteps, type OnboardingStatus } from '#common/onboarding.ts';
import { Badge } from '#web/components/ui/badge.tsx';

/** An onboarding status with the spec's label. */
export function OnboardingStatusBadge({ status }: { status: OnboardingStatus }) {
  const variant = status === 'active' ? 'success' : status === 'awaiting_deposit' ? 'warning' : status === 'pending_invitation' ? 'outline' : 'secondary';
  return <Badge variant={variant}>{onboardingSteps[status].label}</Badge>;
}
