import { useState } from 'react';
import { Check } from 'lucide-react';
import { useLocation } from 'wouter';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import { subscriptionStatusLabels, type SubscriptionPlan } from '#common/money.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { LoadError } from '#web/components/load-error.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { cn } from '#web/lib/utils.ts';
import { useCancelSubscription } from './api/cancel-subscription.ts';
import { useMySubscription } from './api/get-my-subscription.ts';
import { usePlans } from './api/get-plans.ts';
import { useSubscribe } from './api/subscribe.ts';
import { goToPayment } from './go-to.ts';

function PlanCard({
  plan,
  current,
  busy,
  pending,
  onChoose,
}: {
  plan: SubscriptionPlan;
  current: boolean;
  busy: boolean;
  pending: boolean;
  onChoose: () => void;
}) {
  return (
    <Card
      className={cn('flex flex-col', current && 'border-crimson ring-1 ring-crimson')}
      data-testid="plan"
      aria-current={current ? 'true' : undefined}
    >
      <CardHeader className="gap-2">
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-lg">{plan.name}</CardTitle>
          {current && <Badge>Current plan</Badge>}
        </div>
        <p>
          <span className="text-3xl font-semibold tabular">{formatCents(plan.priceCents, plan.priceCents % 100 === 0 ? 0 : 2)}</span>
          <span className="text-sm text-muted-foreground"> / month</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2 text-sm">
          {plan.benefits.map((b) => (
            <li key={b} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
              {b}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          variant={current ? 'outline' : 'default'}
          disabled={current || busy}
          onClick={onChoose}
          aria-label={current ? `${plan.name} is your current plan` : `Choose ${plan.name}`}
        >
          {pending && <Spinner size="sm" label="Opening payment" />}
          {current ? 'Your plan' : `Choose ${plan.name}`}
        </Button>
      </CardFooter>
    </Card>
  );
}

export default function SubscribePage() {
  const [, navigate] = useLocation();
  const plans = usePlans();
  const mine = useMySubscription();
  const start = useSubscribe();
  const cancel = useCancelSubscription();
  const [canceling, setCanceling] = useState(false);
  const sub = mine.data?.subscription;
  const currentPlanId = sub && sub.status !== 'canceled' ? sub.plan.id : null;

  const choose = (plan: SubscriptionPlan) =>
    start.mutate(plan.id, {
      onSuccess: ({ url }) => goToPayment(url, navigate),
      onError: (e) => toast({ variant: 'destructive', title: 'Could not start the membership', description: e.message }),
    });

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader eyebrow="Membership" title="Choose your plan" description="Billed monthly in US dollars. Change or cancel at any time." />
      {sub && sub.status !== 'canceled' && (
        <div className="flex flex-col gap-2 rounded-lg border bg-card p-4 text-sm sm:flex-row sm:items-center sm:justify-between" role="status">
          <p>
            You are on <strong>{sub.plan.name}</strong> ({subscriptionStatusLabels[sub.status]})
            {sub.currentPeriodEnd && `, renewing ${formatDate(sub.currentPeriodEnd)}`}.
          </p>
          <Button variant="ghost" size="sm" onClick={() => setCanceling(true)}>
            Cancel membership
          </Button>
        </div>
      )}
      {plans.isPending ? (
        <div className="grid gap-4 md:grid-cols-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading plans
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-80 rounded-xl" />
          ))}
        </div>
      ) : plans.isError ? (
        <LoadError title="We couldn't load the plans." onRetry={() => void plans.refetch()} retrying={plans.isFetching} />
      ) : plans.data.plans.length === 0 ? (
        <EmptyState title="No plans on offer right now" description="Please check back soon." />
      ) : (
        <ul className="grid gap-4 md:grid-cols-3" aria-label="Membership plans">
          {plans.data.plans.map((p) => (
            <li key={p.id} className="grid">
              <PlanCard
                plan={p}
                current={p.id === currentPlanId}
                busy={start.isPending}
                pending={start.isPending && start.variables === p.id}
                onChoose={() => choose(p)}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={canceling}
        onClose={() => setCanceling(false)}
        title="Cancel your membership?"
        description="It stays active until the end of the period you have paid for."
        confirmLabel="Cancel membership"
        destructive
        pending={cancel.isPending}
        pendingLabel="Canceling"
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              toast({ title: 'Membership canceled' });
              setCanceling(false);
            },
            onError: (e) => toast({ variant: 'destructive', title: 'Could not cancel', description: e.message }),
          })
        }
      />
    </div>
  );
}
