// A portfolio manager's invitation, waiting for the member's answer (decision 127).
import { Check, UserRound, X } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { useDeclineInvitation } from './api/manager-consent.ts';
import { useAcceptInvitation } from './api/take-onboarding-step.ts';

const managerOf = (name: string | null | undefined) => name?.trim() || 'A portfolio manager';

/** What accepting lets the manager do, said before the member answers. */
export function invitationTerms(managerName: string | null | undefined) {
  const who = managerName?.trim() || 'Your manager';
  return `If you accept, ${who} can follow your onboarding, see your identity documents and fund positions, and place fund subscriptions and redemptions for you. Nothing is shared until you accept, and you can remove them at any time in Settings.`;
}

/** Accept and Decline; each says what happened in a toast. */
export function InvitationAnswer({ managerName, className }: { managerName: string | null | undefined; className?: string }) {
  const who = managerOf(managerName);
  const failed = (err: unknown) =>
    toast({ variant: 'destructive', title: 'Could not answer the invitation', description: errorMessage(err, 'Please try again.') });
  const accept = useAcceptInvitation({
    onSuccess: () => toast({ title: 'Invitation accepted', description: `${who} is now your portfolio manager.` }),
    onError: failed,
  });
  const decline = useDeclineInvitation({
    onSuccess: () => toast({ title: 'Invitation declined', description: `${who} has been told. Nothing of yours was shared.` }),
    onError: failed,
  });
  const busy = accept.isPending || decline.isPending;
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row', className)}>
      <Button variant="outline" disabled={busy} onClick={() => decline.mutate()}>
        {decline.isPending ? <Spinner size="sm" label="Declining" /> : <X aria-hidden="true" />}
        Decline
      </Button>
      <Button variant="crimson" disabled={busy} onClick={() => accept.mutate()}>
        {accept.isPending ? <Spinner size="sm" label="Accepting" /> : <Check aria-hidden="true" />}
        Accept
      </Button>
    </div>
  );
}

/** Under the member bar on every page while an invitation waits for an answer. */
export function InvitationBanner({ managerName }: { managerName: string | null | undefined }) {
  const who = managerOf(managerName);
  return (
    <section
      aria-labelledby="manager-invitation-title"
      data-testid="manager-invitation"
      className="border-b border-crimson/15 bg-gradient-to-r from-crimson/[0.06] via-white to-white"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 sm:px-6 md:flex-row md:items-center md:gap-8">
        <div className="flex min-w-0 flex-1 gap-3">
          <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-crimson/10 text-crimson" aria-hidden="true">
            <UserRound className="size-4" />
          </span>
          <div className="min-w-0">
            <h2 id="manager-invitation-title" className="font-display text-lg font-medium leading-tight">
              {who} invited you to be your portfolio manager
            </h2>
            <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{invitationTerms(managerName)}</p>
          </div>
        </div>
        <InvitationAnswer managerName={managerName} className="shrink-0 [&>*]:sm:min-w-28" />
      </div>
    </section>
  );
}
