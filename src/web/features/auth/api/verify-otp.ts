import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, ProfileData } from '#common/auth.ts';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { announceLogin, startSession } from '../session.ts';

export interface VerifyOtpInput {
  phone: string;
  otp: string;
  targetUserPhone?: string;
  profileData?: ProfileData;
}

export function verifyOtp(input: VerifyOtpInput) {
  return apiRequest<LoginResponse>('POST', '/api/verify-otp', { body: input });
}

/**
 * POST /api/verify-otp: on success the session starts (credentials, auth_state flag, user
 * refetched) and the login or admin-access toast shows; on failure 'Verification failed'.
 */
export function useVerifyOtp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: verifyOtp,
    onSuccess: async (res) => {
      await startSession(qc, res);
      announceLogin(res.user);
    },
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Verification failed',
        description: errorMessage(err, 'Invalid verification code'),
      }),
  });
}
