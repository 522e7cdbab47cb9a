/** Query keys of the admin settings; each starts with its GET path. */
export const adminSettingsKeys = {
  all: ['/api/admin/settings'] as const,
};
