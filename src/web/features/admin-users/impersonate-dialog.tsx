import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { AdminUser } from '#common/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSendOtp } from '#web/features/auth/api/send-otp.ts';
import { useVerifyOtp } from '#web/features/auth/api/verify-otp.ts';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { OtpInput } from '#web/features/auth/otp-input.tsx';
import { otpCodeSchema } from '#web/features/auth/sign-in-schemas.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { displayName } from './access-change.ts';

/** Where the admin lands, as the member. */
const AFTER_IMPERSONATION_PATH = '/dashboard';

/**
 * Spec §6: to view the app as a member, the admin verifies a code sent to their own phone; the
 * verification names the member's phone as the target.
 */
export function ImpersonateDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { data: me } = useCurrentUser();
  const [step, setStep] = useState<'intro' | 'code'>('intro');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const ids = useId();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const [, navigate] = useLocation();

  const close = () => {
    setStep('intro');
    setCode('');
    setError(undefined);
    sendOtp.reset();
    verifyOtp.reset();
    onClose();
  };

  const send = async () => {
    if (!me) return;
    try {
      await sendOtp.mutateAsync(me.phone);
      setStep('code');
    } catch {
      /* the failure toast has been shown */
    }
  };

  const verify = async () => {
    if (!me || !user) return;
    const parsed = otpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await verifyOtp.mutateAsync({ phone: me.phone, otp: parsed.data, targetUserPhone: user.phone });
    } catch {
      setCode('');
      return;
    }
    close();
    navigate(AFTER_IMPERSONATION_PATH);
  };

  const who = user ? displayName(user) : '';
  return (
    <Dialog open={!!user} onOpenChange={(o) => !o && close()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <p className="text-xs font-medium uppercase tracking-[0.18em] text-crimson">Admin mode</p>
          <DialogTitle>View as {who}</DialogTitle>
          <DialogDescription>
            {step === 'intro' ? (
              <>
                You will see the app exactly as this member does until you return to admin. To confirm it is you, we will text a code to your own
                phone, <span className="tabular whitespace-nowrap font-medium text-foreground">{formatPhoneForDisplay(me?.phone)}</span>.
              </>
            ) : (
              <>
                Enter the code we sent to{' '}
                <span className="tabular whitespace-nowrap font-medium text-foreground">{formatPhoneForDisplay(me?.phone)}</span>.
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {step === 'intro' ? (
          <div className="grid gap-2 sm:flex sm:justify-end">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void send()} disabled={sendOtp.isPending || !me}>
              {sendOtp.isPending && <Spinner size="sm" label="Sending" />}
              Send code to my phone
            </Button>
          </div>
        ) : (
          <form
            noValidate
            className="grid gap-6"
            onSubmit={(e) => {
              e.preventDefault();
              void verify();
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor={`${ids}-otp`}>Verification code</Label>
              <OtpInput
                id={`${ids}-otp`}
                value={code}
                onChange={setCode}
                autoFocus
                invalid={!!error}
                aria-describedby={error ? `${ids}-otp-error` : undefined}
              />
              {error && (
                <p id={`${ids}-otp-error`} role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <div className="grid gap-2 sm:flex sm:justify-end">
              <Button type="button" variant="ghost" onClick={() => setStep('intro')} disabled={verifyOtp.isPending}>
                Back
              </Button>
              <Button type="submit" disabled={verifyOtp.isPending}>
                {verifyOtp.isPending && <Spinner size="sm" label="Verifying" />}
                Verify and view as member
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
