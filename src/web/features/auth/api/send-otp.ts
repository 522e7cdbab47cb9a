import { useMutation } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
import { toast } from '#web/hooks/use-toast.ts';

export interface SendOtpResponse {
  status: 'success';
  message: string;
}

export function sendOtp(phone: string) {
  return apiRequest<SendOtpResponse>('POST', '/api/send-otp', { body: { phone } });
}

/** POST /api/send-otp with the spec's success and failure toasts (§8). */
export function useSendOtp() {
  return useMutation({
    mutationFn: sendOtp,
    onSuccess: () =>
      toast({ title: 'Verification code sent', description: 'Please check your phone for the verification code' }),
    onError: (err) =>
      toast({
        variant: 'destructive',
        title: 'Failed to send verification code',
        description: errorMessage(err, 'Failed to send verification code'),
      }),
  });
}
