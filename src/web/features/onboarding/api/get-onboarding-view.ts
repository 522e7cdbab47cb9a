import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingView } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';
import { onboardingKeys } from './keys.ts';

/** GET /api/onboarding (its key sits under the status key, so it is not a GET of the key). */
export const fetchOnboardingView = (signal?: AbortSignal) => apiRequest<OnboardingView>('GET', '/api/onboarding', { signal });

export const onboardingViewQuery = () =>
  queryOptions({ queryKey: onboardingKeys.view, queryFn: ({ signal }) => fetchOnboardingView(signal), staleTime: 30_000 });

export const useOnboardingView = (enabled = true) => useQuery({ ...onboardingViewQuery(), enabled });
