import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingSettings } from '#common/onboarding.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminSettingsKeys } from './keys.ts';

/** PUT /api/admin/settings/onboarding; answers with the saved settings. */
export const saveOnboardingSettings = (value: OnboardingSettings) =>
  apiRequest<OnboardingSettings>('PUT', '/api/admin/settings/onboarding', { body: value });

export function useSaveOnboardingSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveOnboardingSettings,
    onSuccess: (saved) => qc.setQueryData(adminSettingsKeys.onboarding, saved),
  });
}
