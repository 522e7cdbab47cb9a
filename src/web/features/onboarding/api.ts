import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Allocation, OnboardingStatusResponse, OnboardingView, SignInput, TierId } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';

/** Spec §7: refreshed by onboarding_updated. */
export const ONBOARDING_STATUS_KEY = '/api/onboarding/status';

/** GET /api/onboarding/status: hasOnboarding, status, managerName. */
export function useOnboardingStatus(enabled = true) {
  return useQuery<OnboardingStatusResponse>({ queryKey: [ONBOARDING_STATUS_KEY], enabled, staleTime: 30_000 });
}

/**
 * GET /api/onboarding, kept under the status key so that onboarding_updated (which refreshes
 * /api/onboarding/status and everything under it) refreshes the page too.
 */
export const ONBOARDING_VIEW_KEY = [ONBOARDING_STATUS_KEY, 'view'] as const;
export function useOnboardingView(enabled = true) {
  return useQuery<OnboardingView>({
    queryKey: ONBOARDING_VIEW_KEY,
    queryFn: ({ signal }) => apiRequest<OnboardingView>('GET', '/api/onboarding', { signal }),
    enabled,
    staleTime: 30_000,
  });
}

type StepAnswer = { status: 'success'; onboarding: OnboardingView };

function useStep<V>(path: string, body: (v: V) => unknown) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => apiRequest<StepAnswer>('POST', path, { body: body(v) }),
    onSuccess: (res) => {
      qc.setQueryData(ONBOARDING_VIEW_KEY, res.onboarding);
      return qc.invalidateQueries({ queryKey: [ONBOARDING_STATUS_KEY], exact: true });
    },
    onError: () => qc.invalidateQueries({ queryKey: [ONBOARDING_STATUS_KEY] }),
  });
}

export const useAcceptInvitation = () => useStep<void>('/api/onboarding/accept', () => undefined);
export const useSelectTier = () => useStep<TierId>('/api/onboarding/tier', (tier) => ({ tier }));
export const useSetAllocation = () => useStep<Allocation>('/api/onboarding/allocation', (allocation) => ({ allocation }));
export const useSubmitKyc = () => useStep<void>('/api/onboarding/kyc', () => undefined);
export const useSignAgreement = () => useStep<SignInput>('/api/onboarding/sign', (input) => input);
