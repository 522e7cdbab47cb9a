import { useId, useState } from 'react';
import { REVIEW_NOTE_MAX_LENGTH, type ReviewAccessRequestResponse } from '#common/access-request.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useReviewAccessRequest } from './api/review-access-request.ts';
import type { Decision, Pending } from './access-request-columns.tsx';

function smsOutcome(decision: Decision, notify: boolean, res: ReviewAccessRequestResponse) {
  if (res.sms.sent) return decision === 'approved' ? 'They have been texted how to sign in.' : 'They have been told by SMS.';
  if (decision === 'rejected' && !notify) return 'No SMS was sent.';
  return res.sms.reason ?? 'No SMS was sent.';
}

/** Approve or reject one access request, with an optional note and (on rejection) an optional SMS. */
export function ReviewDialog({ pending, onClose }: { pending: Pending | null; onClose: () => void }) {
  const review = useReviewAccessRequest();
  const [note, setNote] = useState('');
  const [notify, setNotify] = useState(false);
  const ids = useId();
  const [current, setCurrent] = useState<Pending | null>(pending);
  if (pending && pending !== current) {
    setCurrent(pending);
    setNote('');
    setNotify(false);
  }
  const shown = pending ?? current;
  const approving = shown?.decision === 'approved';
  const phone = shown ? formatPhoneForDisplay(shown.request.phone) : '';

  const confirm = async () => {
    if (!shown) return;
    const decision = shown.decision;
    try {
      const res = await review.mutateAsync({
        id: shown.request.id,
        review: { status: decision, note: note.trim() || undefined, notify: decision === 'rejected' ? notify : undefined },
      });
      const failedSms = (decision === 'approved' || notify) && !res.sms.sent;
      toast({
        variant: failedSms ? 'destructive' : 'default',
        title: decision === 'approved' ? 'Access approved' : 'Request rejected',
        description: `${phone}. ${smsOutcome(decision, notify, res)}`,
      });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Review failed', description: errorMessage(err, 'Please try again.') });
    }
    onClose();
  };

  return (
    <ConfirmDialog
      open={!!pending}
      onClose={onClose}
      onConfirm={() => void confirm()}
      pending={review.isPending}
      destructive={!approving}
      title={approving ? 'Approve this request?' : 'Reject this request?'}
      confirmLabel={approving ? 'Approve' : 'Reject'}
      description={
        approving ? (
          <>
            <span className="tabular font-medium text-foreground">{phone}</span> will be able to sign in, and will receive an SMS telling them how.
          </>
        ) : (
          <>
            <span className="tabular font-medium text-foreground">{phone}</span> will not be able to sign in. Nothing is sent unless you choose to
            notify them.
          </>
        )
      }
    >
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-note`}>
          Note <span className="font-normal text-muted-foreground">(optional, for admins)</span>
        </Label>
        <Textarea
          id={`${ids}-note`}
          value={note}
          maxLength={REVIEW_NOTE_MAX_LENGTH}
          onChange={(e) => setNote(e.target.value)}
          placeholder={approving ? 'e.g. Known collector, met at the National' : 'e.g. Could not verify the referral'}
          className="min-h-20"
        />
      </div>
      {!approving && (
        <div className="flex items-start gap-3">
          <Checkbox id={`${ids}-notify`} checked={notify} onCheckedChange={(v) => setNotify(v === true)} className="mt-0.5" />
          <label htmlFor={`${ids}-notify`} className="text-sm leading-snug">
            Notify them by SMS
            <span className="block text-xs text-muted-foreground">
              “Your request for access was not approved. Please contact support for more information.”
            </span>
          </label>
        </div>
      )}
    </ConfirmDialog>
  );
}
