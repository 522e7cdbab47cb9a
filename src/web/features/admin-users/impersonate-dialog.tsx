import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useLocation } from 'wouter';
import type { AdminUser } from '#common/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useSendOtp } from '#web/features/auth/api/send-otp.ts';
import { useVerifyOtp } from '#web/features/auth/api/verify-otp.ts';
import { useCurrentUser } from '#web/features/auth/api/get-current-user.ts';
import { OtpCodeField } from '#web/features/auth/otp-input.tsx';
import { otpCodeSchema } from '#web/features/auth/sign-in-schemas.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { displayName } from './access-change.ts';

const codeSchema = z.object({ otp: otpCodeSchema });

/** Where the admin lands, as the member. */
const AFTER_IMPERSONATION_PATH = '/dashboard';

/**
 * Spec §6: to view the app as a member, the admin verifies a code sent to their own phone; the
 * verification names the member's phone as the target.
 */
export function ImpersonateDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { data: me } = useCurrentUser();
  const [step, setStep] = useState<'intro' | 'code'>('intro');
  const form = useForm<z.input<typeof codeSchema>, unknown, z.output<typeof codeSchema>>({
    resolver: zodResolver(codeSchema),
    defaultValues: { otp: '' },
  });
  const ids = useId();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const [, navigate] = useLocation();

  const close = () => {
    setStep('intro');
    form.reset();
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

  const verify = form.handleSubmit(async ({ otp }) => {
    if (!me || !user) return;
    try {
      await verifyOtp.mutateAsync({ phone: me.phone, otp, targetUserPhone: user.phone });
    } catch {
      // A refused code is spent: the failure toast has been shown, and a new one is typed afresh.
      form.setValue('otp', '');
      form.setFocus('otp');
      return;
    }
    close();
    navigate(AFTER_IMPERSONATION_PATH);
  });

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
          <form noValidate className="grid gap-6" onSubmit={verify}>
            <OtpCodeField control={form.control} id={`${ids}-otp`} />
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
