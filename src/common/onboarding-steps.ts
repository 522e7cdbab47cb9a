// The onboarding steps and their banner texts, without zod or the schemas' imports (phone,
// funds, KYC): the onboarding banner on every member page needs only these (see onboarding.ts).
import type { TransitionMap } from './transitions.ts';

/** The onboarding statuses of spec §4, in order. */
export const onboardingStatuses = [
  'pending_invitation',
  'tier_selection',
  'portfolio_allocation',
  'kyc_upload',
  'documents_signing',
  'awaiting_deposit',
  'active',
] as const;
export type OnboardingStatus = (typeof onboardingStatuses)[number];

/** Each status moves only to the next one; active is final. */
export const onboardingTransitions = {
  pending_invitation: ['tier_selection'],
  tier_selection: ['portfolio_allocation'],
  portfolio_allocation: ['kyc_upload'],
  kyc_upload: ['documents_signing'],
  documents_signing: ['awaiting_deposit'],
  awaiting_deposit: ['active'],
  active: [],
} as const satisfies TransitionMap<OnboardingStatus>;

/**
 * The member's consent to their manager (decision 127). A manager sees and acts for a client only
 * while it is `accepted`; `pending` is an invitation not yet answered; `declined` and `removed`
 * end the link (a later invitation, from any manager, starts it again at `pending`).
 */
export const managerConsentStatuses = ['pending', 'accepted', 'declined', 'removed'] as const;
export type ManagerConsent = (typeof managerConsentStatuses)[number];

export const managerConsentTransitions = {
  pending: ['accepted', 'declined'],
  accepted: ['removed'],
  declined: ['pending'],
  removed: ['pending'],
} as const satisfies TransitionMap<ManagerConsent>;

/** What a manager's list says about a client whose consent is not (or no longer) given. */
export const managerConsentLabels: Record<Exclude<ManagerConsent, 'accepted'>, string> = {
  pending: 'Invitation pending',
  declined: 'Invitation declined',
  removed: 'Removed by client',
};

export const managerConsentMessages = {
  notPending: 'There is no invitation waiting for your answer',
  noManager: 'You have no portfolio manager to remove',
  declinedResend: 'The client declined the invitation',
  removedResend: 'The client removed you as their manager',
} as const;

export interface OnboardingStep {
  label: string;
  progress: number;
  /** The banner's message; the active status hides the banner. */
  message: string;
}

/** Spec §4, letter for letter: label, progress and message per status. */
export const onboardingSteps: Record<OnboardingStatus, OnboardingStep> = {
  pending_invitation: { label: 'Invitation Sent', progress: 0, message: 'Please check your SMS for the invitation link' },
  tier_selection: { label: 'Select Investment Tier', progress: 15, message: 'Choose your investment level to continue' },
  portfolio_allocation: { label: 'Design Portfolio Strategy', progress: 30, message: 'Set your portfolio allocation preferences' },
  kyc_upload: { label: 'Complete KYC Verification', progress: 50, message: 'Upload your identity documents' },
  documents_signing: { label: 'Sign Service Agreement', progress: 70, message: 'Review and sign the required documents' },
  awaiting_deposit: {
    label: 'Send Initial Deposit',
    progress: 85,
    message: 'Your account is almost ready! Complete your initial deposit',
  },
  active: { label: 'Account Active', progress: 100, message: '' },
};

export const ONBOARDING_BANNER_TITLE = 'Complete Your Onboarding';
export const CONTINUE_SETUP = 'Continue Setup';
export const VIEW_DEPOSIT_INSTRUCTIONS = 'View Deposit Instructions';

/** Spec §4: an unknown status is treated as pending_invitation. */
export function normalizeOnboardingStatus(status: unknown): OnboardingStatus {
  return typeof status === 'string' && (onboardingStatuses as readonly string[]).includes(status)
    ? (status as OnboardingStatus)
    : 'pending_invitation';
}

export function onboardingStep(status: unknown): OnboardingStep & { status: OnboardingStatus } {
  const s = normalizeOnboardingStatus(status);
  return { status: s, ...onboardingSteps[s] };
}

/** The status after this one (null at active). */
export function nextOnboardingStatus(status: OnboardingStatus): OnboardingStatus | null {
  const i = onboardingStatuses.indexOf(status);
  return i < onboardingStatuses.length - 1 ? onboardingStatuses[i + 1] : null;
}

/** The banner's button (spec §2): none while the invitation is pending, none once active. */
export function bannerAction(status: OnboardingStatus): string | null {
  if (status === 'pending_invitation' || status === 'active') return null;
  return status === 'awaiting_deposit' ? VIEW_DEPOSIT_INSTRUCTIONS : CONTINUE_SETUP;
}
