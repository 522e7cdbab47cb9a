import { RotateCw } from 'lucide-react';
import type { ManagerClient } from '#common/onboarding.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCountdown } from '#web/hooks/use-countdown.ts';
import { toast } from '#web/hooks/use-toast.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useResendInvite } from './api/resend-invite.ts';

/** Resends a pending invitation; waits out the server's cooldown visibly instead of failing. */
export function ResendInviteButton({ client }: { client: ManagerClient }) {
  const resend = useResendInvite();
  const wait = useCountdown(Date.parse(client.resendAvailableAt));
  // Only while the invitation waits for an answer (decision 127: not once declined or removed).
  if (client.status !== 'pending_invitation' || client.consent !== 'pending') return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={resend.isPending || wait > 0}
      onClick={() =>
        resend.mutate(client.id, {
          onSuccess: (res) =>
            toast(
              res.sms.sent
                ? { title: 'Invitation sent again', description: `A new text is on its way to ${formatPhoneForDisplay(client.phone)}.` }
                : { variant: 'destructive', title: 'Not sent', description: res.sms.reason ?? 'The text was not sent.' },
            ),
          onError: (err) => toast({ variant: 'destructive', title: 'Not sent', description: errorMessage(err, 'Please try again.') }),
        })
      }
    >
      {resend.isPending ? <Spinner size="sm" label="Sending" /> : <RotateCw aria-hidden="true" />}
      {/* Its name is its words ("Resend … in 45s") with whom it is for, for screen readers. */}
      Resend
      <span className="sr-only"> invitation to {client.name ?? client.phone}</span>
      {wait > 0 && <span className="tabular text-muted-foreground"> in {wait}s</span>}
    </Button>
  );
}
