import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { LoginResponse } from '#common/auth.ts';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { startSession } from '../session.ts';

/** POST /api/auth/return-to-admin: ends an impersonation; the server answers with the admin's own new session. */
export const returnToAdmin = () => apiRequest<LoginResponse>('POST', '/api/auth/return-to-admin');

export function useReturnToAdmin(adminHome: string) {
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: returnToAdmin,
    onSuccess: async (res) => {
      await startSession(qc, res);
      navigate(adminHome);
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Could not return to admin',
        description: errorMessage(err, 'Please sign in again.'),
      }),
  });
}
