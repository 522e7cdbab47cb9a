import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation } from 'wouter';
import { ChevronDown, MessageSquareOff } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '#web/components/ui/collapsible.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { optedOutMessage, useSendOtp } from './api/send-otp.ts';
import { useVerifyOtp } from './api/verify-otp.ts';
import { OtpCodeField } from './otp-input.tsx';
import {
  otpStepSchema,
  phoneStepSchema,
  type OtpStepInput,
  type OtpStepValues,
  type PhoneStepInput,
  type PhoneStepValues,
} from './sign-in-schemas.ts';
import { forgetReturn, pendingReturn, takeReturn } from './return-to.ts';
import { setSignInOpen, useSignInOpen } from './sign-in-store.ts';
import { PhoneField } from '#web/features/phone/phone-field.tsx';
import { useCountdown } from '#web/hooks/use-countdown.ts';
import { OTP_RESEND_COOLDOWN_SECONDS } from '#common/auth.ts';

type Step = 'phone' | 'otp';

/** Where a member lands after signing in. */
export const AFTER_SIGN_IN_PATH = '/dashboard';

/**
 * The sign-in dialog of spec §2/§4: phone, then the six-digit code. Back returns to the phone;
 * closing resets to the phone step and clears both forms; success closes it.
 */
export function SignInDialog() {
  const open = useSignInOpen();
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const [moreOpen, setMoreOpen] = useState(false);
  // The number replied STOP to our SMS number: no code can reach it until it texts START.
  const [optedOut, setOptedOut] = useState<string | null>(null);
  // The server refuses a new code within its cooldown; the button waits it out visibly.
  const [resendAt, setResendAt] = useState<number | null>(null);
  const resendIn = useCountdown(resendAt);
  const [, navigate] = useLocation();
  const ids = useId();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();

  const phoneForm = useForm<PhoneStepInput, unknown, PhoneStepValues>({
    resolver: zodResolver(phoneStepSchema),
    defaultValues: { phone: '' },
  });
  const otpForm = useForm<OtpStepInput, unknown, OtpStepValues>({
    resolver: zodResolver(otpStepSchema),
    defaultValues: { otp: '', name: '', email: '' },
  });

  const reset = () => {
    setStep('phone');
    setPhone('');
    setMoreOpen(false);
    setOptedOut(null);
    setResendAt(null);
    phoneForm.reset();
    otpForm.reset();
    sendOtp.reset();
    verifyOtp.reset();
  };

  const onOpenChange = (next: boolean) => {
    setSignInOpen(next);
    if (!next) reset();
  };
  // Closed without signing in: the page asked for earlier is not where a later sign-in lands.
  const dismiss = (next: boolean) => {
    if (!next) forgetReturn();
    onOpenChange(next);
  };
  // Sent here from a signed-in page whose session ended: say so (issue 32).
  const [returning] = useState(pendingReturn);

  const submitPhone = phoneForm.handleSubmit(async (values) => {
    setOptedOut(null);
    try {
      await sendOtp.mutateAsync(values.phone);
    } catch (err) {
      setOptedOut(optedOutMessage(err));
      return; // otherwise the failure toast has been shown
    }
    setPhone(values.phone);
    setResendAt(Date.now() + OTP_RESEND_COOLDOWN_SECONDS * 1000);
    otpForm.reset();
    setStep('otp');
  });

  const resendCode = async () => {
    setOptedOut(null);
    try {
      await sendOtp.mutateAsync(phone);
    } catch (err) {
      setOptedOut(optedOutMessage(err));
      return; // otherwise the failure toast has been shown
    }
    setResendAt(Date.now() + OTP_RESEND_COOLDOWN_SECONDS * 1000);
    otpForm.setValue('otp', '');
    otpForm.setFocus('otp');
  };

  const submitOtp = otpForm.handleSubmit(
    async (values) => {
      const profileData =
        values.name || values.email ? { ...(values.name ? { name: values.name } : {}), ...(values.email ? { email: values.email } : {}) } : undefined;
      try {
        await verifyOtp.mutateAsync({ phone, otp: values.otp, profileData });
      } catch {
        otpForm.setValue('otp', '');
        otpForm.setFocus('otp');
        return;
      }
      onOpenChange(false);
      navigate(takeReturn() ?? AFTER_SIGN_IN_PATH);
    },
    (errors) => {
      if (errors.name || errors.email) setMoreOpen(true);
    },
  );

  const back = () => {
    setOptedOut(null);
    otpForm.reset();
    verifyOtp.reset();
    setStep('phone');
  };

  const optedOutNote = optedOut && (
    <p
      role="alert"
      data-testid="sms-opted-out"
      className="flex items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm leading-relaxed text-amber-950"
    >
      <MessageSquareOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{optedOut}</span>
    </p>
  );

  return (
    <Dialog open={open} onOpenChange={dismiss}>
      <DialogContent className="sm:max-w-md" data-testid="sign-in-dialog">
        {step === 'phone' ? (
          <form noValidate onSubmit={submitPhone} className="grid gap-6">
            <DialogHeader>
              <p className="text-xs font-medium uppercase tracking-[0.18em] text-crimson">Members</p>
              <DialogTitle>Sign in</DialogTitle>
              <DialogDescription>Enter the mobile number on your membership. We will text you a six-digit code.</DialogDescription>
            </DialogHeader>
            {returning?.reason === 'session_ended' && (
              <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                Your session ended, sign in again. We will take you back to the page you were on.
              </p>
            )}
            <FormField control={phoneForm.control} name="phone" label="Phone number" id={`${ids}-phone`}>
              <PhoneField control={phoneForm.control} name="phone" autoFocus />
            </FormField>
            {optedOutNote}
            <Button type="submit" size="lg" disabled={sendOtp.isPending} className="w-full">
              {sendOtp.isPending && <Spinner size="sm" label="Sending" />}
              Send Verification Code
            </Button>
            <p className="text-center text-xs leading-relaxed text-muted-foreground">
              Membership is by invitation. Message and data rates may apply.
            </p>
          </form>
        ) : (
          <form noValidate onSubmit={submitOtp} className="grid gap-6">
            <DialogHeader>
              <p className="text-xs font-medium uppercase tracking-[0.18em] text-crimson">Verification</p>
              <DialogTitle>Enter your code</DialogTitle>
              <DialogDescription>
                We sent a six-digit code to{' '}
                <span className="tabular whitespace-nowrap font-medium text-foreground">{formatPhoneForDisplay(phone)}</span>. It expires in five
                minutes.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <OtpCodeField control={otpForm.control} id={`${ids}-otp`} />
              <Button
                type="button"
                variant="link"
                size="sm"
                onClick={resendCode}
                disabled={resendIn > 0 || sendOtp.isPending || verifyOtp.isPending}
                className="justify-self-start px-0"
              >
                {sendOtp.isPending && <Spinner size="sm" label="Sending" />}
                Resend code
                {resendIn > 0 && <span className="tabular text-muted-foreground"> in {resendIn}s</span>}
              </Button>
              {optedOutNote}
            </div>

            <Collapsible open={moreOpen} onOpenChange={setMoreOpen} className="rounded-lg border bg-muted/40">
              <CollapsibleTrigger className="group flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
                New here? Add your name and email (optional)
                <ChevronDown
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </CollapsibleTrigger>
              <CollapsibleContent>
                <div className="grid gap-4 px-4 pb-4">
                  <FormField control={otpForm.control} name="name" label="Name" id={`${ids}-name`}>
                    <Input autoComplete="name" {...otpForm.register('name')} />
                  </FormField>
                  <FormField control={otpForm.control} name="email" label="Email" id={`${ids}-email`}>
                    <Input type="email" autoComplete="email" {...otpForm.register('email')} />
                  </FormField>
                </div>
              </CollapsibleContent>
            </Collapsible>

            <div className="grid gap-2">
              <Button type="submit" size="lg" disabled={verifyOtp.isPending} className="w-full">
                {verifyOtp.isPending && <Spinner size="sm" label="Verifying" />}
                Complete Verification
              </Button>
              <Button type="button" variant="ghost" onClick={back} disabled={verifyOtp.isPending} className="w-full">
                Back to Phone Entry
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
