import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfilePatch } from '#common/auth.ts';
import { apiRequest } from '#web/lib/api.ts';
import { authKeys } from './keys.ts';

/** PATCH /api/user/profile */
export const updateProfile = (patch: ProfilePatch) => apiRequest<Profile>('PATCH', '/api/user/profile', { body: patch });

/** The cached profile and the current user are refreshed. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      if (profile && typeof profile === 'object' && 'id' in profile) qc.setQueryData(authKeys.profile, profile);
      else void qc.invalidateQueries({ queryKey: authKeys.profile });
      void qc.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}
