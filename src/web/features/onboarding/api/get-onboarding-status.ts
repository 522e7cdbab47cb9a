import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingStatusResponse } from '#common/onboarding.ts';
import { apiGet } from '#web/lib/api.ts';
import { onboardingKeys } from './keys.ts';

/** GET /api/onboarding/status: hasOnboarding, status, managerName. */
export const fetchOnboardingStatus = (signal?: AbortSignal) => apiGet<OnboardingStatusResponse>(onboardingKeys.status, signal);

export const onboardingStatusQuery = () =>
  queryOptions({ queryKey: onboardingKeys.status, queryFn: ({ signal }) => fetchOnboardingStatus(signal), staleTime: 30_000 });

export const useOnboardingStatus = (enabled = true) => useQuery({ ...onboardingStatusQuery(), enabled });
