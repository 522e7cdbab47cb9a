/**
 * Query keys of onboarding; each starts with its GET path. The page's view (GET /api/onboarding)
 * is kept under the status key so that onboarding_updated, which refreshes the status and
 * everything under it, refreshes the page too.
 */
export const onboardingKeys = {
  status: ['/api/onboarding/status'] as const,
  view: ['/api/onboarding/status', 'view'] as const,
  /** The open funds the allocation step offers. */
  allocationFunds: ['/api/funds/open-for-allocation'] as const,
};
