import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { ApiError, apiRequest, errorMessage } from '#web/lib/api.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { endSession } from '../session.ts';

/** POST /api/auth/logout */
export async function logout() {
  try {
    await apiRequest('POST', '/api/auth/logout');
  } catch (err) {
    // A session the server no longer knows is already logged out.
    if (err instanceof ApiError && err.status === 401) return;
    throw err;
  }
}

/** Spec §4: POST logout, clear credentials and cached data, drop the auth_state flag, go to /. */
export function useLogout() {
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      endSession(qc);
      navigate('/', { replace: true });
      toast({ title: 'Logged out', description: "You've been logged out successfully" });
    },
    onError: (err) => toast({ variant: 'destructive', title: 'Logout failed', description: errorMessage(err, 'Logout failed') }),
  });
}
