import { managerConsentLabels, onboardingSteps, type ManagerConsent, type OnboardingStatus } from '#common/onboarding.ts';
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

/** The member's consent to their manager (decision 127), as the manager's list shows it. */
export const consentStyles: StatusMap<ManagerConsent> = {
  pending: { label: managerConsentLabels.pending, tone: 'neutral' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: managerConsentLabels.declined, tone: 'muted' },
  removed: { label: managerConsentLabels.removed, tone: 'muted' },
};
