import { onboardingSteps, type OnboardingStatus } from '#common/onboarding.ts';
import type { StatusMap, StatusTone } from '#web/components/status-badge.tsx';

function tone(status: OnboardingStatus): StatusTone {
  if (status === 'active') return 'success';
  if (status === 'awaiting_deposit') return 'warning';
  if (status === 'pending_invitation') return 'neutral';
  return 'muted';
}

/** Onboarding statuses with the spec's labels. */
export const onboardingStatusStyles = Object.fromEntries(
  (Object.keys(onboardingSteps) as OnboardingStatus[]).map((s) => [s, { label: onboardingSteps[s].label, tone: tone(s) }]),
) as StatusMap<OnboardingStatus>;
