import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api.ts';
import { authKeys } from '#web/features/auth/api/keys.ts';

/** POST /api/legal/terms/accept */
export function useAcceptTerms() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => apiRequest<{ status: 'success' }>('POST', '/api/legal/terms/accept', { body: { version } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: authKeys.me }),
  });
}
