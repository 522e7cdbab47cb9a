import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingStatusResponse } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';
import { onboardingKeys } from './keys.ts';
import type { AfterMutation } from '#web/lib/after-mutation.ts';

type ConsentAnswer = { status: 'success'; onboarding: OnboardingStatusResponse };

/** The member's answers about their manager (decision 127); accepting is the onboarding's accept step. */
const paths = {
  decline: '/api/onboarding/decline',
  remove: '/api/onboarding/remove-manager',
} as const;

function useAnswer(answer: keyof typeof paths, after?: AfterMutation) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ConsentAnswer>('POST', paths[answer]),
    onSuccess: (res) => {
      qc.setQueryData(onboardingKeys.status, res.onboarding);
      qc.removeQueries({ queryKey: onboardingKeys.view, exact: true });
      after?.onSuccess?.();
    },
    onError: (err) => {
      after?.onError?.(err);
      return qc.invalidateQueries({ queryKey: onboardingKeys.status });
    },
  });
}

/** POST /api/onboarding/decline: the invitation is declined; the manager sees only that. */
export const useDeclineInvitation = (after?: AfterMutation) => useAnswer('decline', after);
/** POST /api/onboarding/remove-manager: the manager no longer sees or acts for the member. */
export const useRemoveManager = () => useAnswer('remove');
