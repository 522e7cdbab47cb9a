import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FundAllocation } from '#common/funds.ts';
import type { Allocation, OnboardingView, SignInput, TierId } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';
import type { AfterMutation } from '#web/lib/after-mutation.ts';
import { onboardingKeys } from './keys.ts';

type StepAnswer = { status: 'success'; onboarding: OnboardingView };

/** The client's steps: each POSTs to its path and answers with the new onboarding view. */
const stepPaths = {
  accept: '/api/onboarding/accept',
  tier: '/api/onboarding/tier',
  allocation: '/api/onboarding/allocation',
  kyc: '/api/onboarding/kyc',
  sign: '/api/onboarding/sign',
} as const;

export const takeOnboardingStep = (step: keyof typeof stepPaths, body?: unknown) => apiRequest<StepAnswer>('POST', stepPaths[step], { body });

// An answer removes the component that gave it (the invitation goes away) (AfterMutation).
function useStep<V>(step: keyof typeof stepPaths, body: (v: V) => unknown, after?: AfterMutation) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => takeOnboardingStep(step, body(v)),
    onSuccess: (res) => {
      qc.setQueryData(onboardingKeys.view, res.onboarding);
      after?.onSuccess?.();
      return qc.invalidateQueries({ queryKey: onboardingKeys.status, exact: true });
    },
    onError: (err) => {
      after?.onError?.(err);
      return qc.invalidateQueries({ queryKey: onboardingKeys.status });
    },
  });
}

export const useAcceptInvitation = (after?: AfterMutation) => useStep<void>('accept', () => undefined, after);
export const useSelectTier = () => useStep<TierId>('tier', (tier) => ({ tier }));
/** `funds`: the open funds the deposit goes into, percentages adding to 100; left out when none is chosen. */
export const useSetAllocation = () =>
  useStep<{ allocation: Allocation; funds?: FundAllocation }>('allocation', ({ allocation, funds }) =>
    funds && funds.length > 0 ? { allocation, funds } : { allocation },
  );
export const useSubmitKyc = () => useStep<void>('kyc', () => undefined);
export const useSignAgreement = () => useStep<SignInput>('sign', (input) => input);
