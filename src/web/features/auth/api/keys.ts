/** Query keys of the signed-in user; each starts with its GET path. */
export const authKeys = {
  me: ['/api/auth/me'] as const,
  profile: ['/api/user/profile'] as const,
};
