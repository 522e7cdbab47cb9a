import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfilePatch } from '#common/auth.ts';
import { apiRequest } from '#web/lib/api.ts';

export const PROFILE_KEY = ['/api/user/profile'] as const;

export function useProfile() {
  return useQuery<Profile>({ queryKey: PROFILE_KEY });
}

/** PATCH /api/user/profile; the cached profile and current user are refreshed. */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfilePatch) => apiRequest<Profile>('PATCH', '/api/user/profile', { body: patch }),
    onSuccess: (profile) => {
      if (profile && typeof profile === 'object' && 'id' in profile) qc.setQueryData(PROFILE_KEY, profile);
      else void qc.invalidateQueries({ queryKey: PROFILE_KEY });
      void qc.invalidateQueries({ queryKey: ['/api/auth/me'] });
    },
  });
}
