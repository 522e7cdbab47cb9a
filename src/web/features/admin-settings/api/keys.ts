/** Query keys of the admin settings; each starts with its GET path. */
export const adminSettingsKeys = {
  onboarding: ['/api/admin/settings/onboarding'] as const,
};
