import { useMutation } from '@tanstack/react-query';
import { SMS_OPTED_OUT_REASON } from '#common/auth.ts';
import { ApiError, apiRequest, errorMessage } from '#web/lib/api.ts';
import { toast } from '#web/hooks/use-toast.ts';

export interface SendOtpResponse {
  status: 'success';
  message: string;
}

export function sendOtp(phone: string) {
  return apiRequest<SendOtpResponse>('POST', '/api/send-otp', { body: { phone } });
}

/**
 * The server's text when no code can be sent because the number replied STOP to our SMS number
 * ("This number replied STOP; text START to … to receive codes"); the form shows it in place.
 */
export function optedOutMessage(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const body = err.body as { reason?: unknown; error?: unknown } | undefined;
  return body?.reason === SMS_OPTED_OUT_REASON && typeof body.error === 'string' ? body.error : null;
}

/** POST /api/send-otp with the spec's success and failure toasts (§8); an opted-out number is told on the form instead. */
export function useSendOtp() {
  return useMutation({
    mutationFn: sendOtp,
    onSuccess: () => toast({ title: 'Verification code sent', description: 'Please check your phone for the verification code' }),
    onError: (err) => {
      if (optedOutMessage(err) !== null) return;
      toast({
        variant: 'destructive',
        title: 'Failed to send verification code',
        description: errorMessage(err, 'Failed to send verification code'),
      });
    },
  });
}
