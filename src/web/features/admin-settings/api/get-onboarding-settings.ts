import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingSettings } from '#common/onboarding.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminSettingsKeys } from './keys.ts';

/** GET /api/admin/settings/onboarding: wire instructions and tiers. */
export const fetchOnboardingSettings = (signal?: AbortSignal) => apiGet<OnboardingSettings>(adminSettingsKeys.onboarding, signal);

export const onboardingSettingsQuery = () =>
  queryOptions({ queryKey: adminSettingsKeys.onboarding, queryFn: ({ signal }) => fetchOnboardingSettings(signal) });

export const useOnboardingSettings = () => useQuery(onboardingSettingsQuery());
