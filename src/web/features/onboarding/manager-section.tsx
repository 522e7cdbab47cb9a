import { useState } from 'react';
import { UserRoundX } from 'lucide-react';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useOnboardingStatus } from './api/get-onboarding-status.ts';
import { useRemoveManager } from './api/manager-consent.ts';

/**
 * Settings: the member's portfolio manager, and the way to remove them (decision 127). Shown only
 * while the member has a manager they accepted; an invitation still waiting is answered in the
 * banner.
 */
export function ManagerSection() {
  const { data } = useOnboardingStatus();
  const remove = useRemoveManager();
  const [confirming, setConfirming] = useState(false);
  if (!data?.hasOnboarding || data.managerConsent !== 'accepted') return null;
  const who = data.managerName?.trim() || 'Your portfolio manager';
  return (
    <Card data-testid="manager-section">
      <CardHeader>
        <CardTitle>Portfolio manager</CardTitle>
        <CardDescription>Who can follow your onboarding and act for you in funds.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="font-medium">{who}</p>
        <p className="text-sm text-muted-foreground">
          Sees your onboarding, identity documents and fund positions, and can place fund subscriptions and redemptions for you.
        </p>
      </CardContent>
      <CardFooter>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          <UserRoundX aria-hidden="true" />
          Remove manager
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`Remove ${who}?`}
        description={`${who} will no longer see your onboarding, documents or positions, and can no longer act for you. They will be told. Your cards, funds and positions stay as they are.`}
        confirmLabel="Remove manager"
        destructive
        pending={remove.isPending}
        pendingLabel="Removing"
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: 'Manager removed', description: `${who} no longer sees or acts for you.` });
            },
            onError: (err) =>
              toast({ variant: 'destructive', title: 'Could not remove your manager', description: errorMessage(err, 'Please try again.') }),
          })
        }
      />
    </Card>
  );
}
