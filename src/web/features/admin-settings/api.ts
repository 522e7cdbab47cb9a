import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OnboardingSettings } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';

export const ONBOARDING_SETTINGS_KEY = '/api/admin/settings/onboarding';

export function useOnboardingSettings() {
  return useQuery<OnboardingSettings>({ queryKey: [ONBOARDING_SETTINGS_KEY] });
}

export function useSaveOnboardingSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (value: OnboardingSettings) => apiRequest<OnboardingSettings>('PUT', ONBOARDING_SETTINGS_KEY, { body: value }),
    onSuccess: (saved) => qc.setQueryData([ONBOARDING_SETTINGS_KEY], saved),
  });
}
