import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import type { CheckoutSession } from '#common/money.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useCheckoutSession } from './api/get-checkout-session.ts';
import { searchParam } from './go-to.ts';

function Outcome({ session, stillPolling }: { session: CheckoutSession; stillPolling: boolean }) {
  const what = session.kind === 'subscription' ? `${session.plan?.name ?? 'Membership'} membership` : `Invoice ${session.invoice.number}`;
  if (session.status === 'succeeded') {
    return (
      <div className="grid gap-2" role="status">
        <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
        <h2 className="text-xl font-semibold">{session.kind === 'subscription' ? 'Your membership is active' : 'Payment received'}</h2>
        <p className="text-muted-foreground">
          {what} ·{' '}
          <span className="tabular font-medium text-foreground" data-testid="paid-amount">
            {formatCents(session.amountCents)}
          </span>
          {session.invoice.paidAt && ` · paid ${formatDate(session.invoice.paidAt)}`}
        </p>
      </div>
    );
  }
  if (session.status === 'processing') {
    return (
      <div className="grid gap-2" role="status">
        <Clock className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xl font-semibold">Payment processing</h2>
        <p className="text-muted-foreground">
          Your bank is moving {formatCents(session.amountCents)} for {what}. This can take a few days; we will tell you when it clears, and you will
          not be charged twice.
        </p>
      </div>
    );
  }
  if (session.status === 'pending') {
    return (
      <div className="grid gap-2" role="status" aria-live="polite">
        {stillPolling ? (
          <Spinner label="Waiting for the payment to settle" />
        ) : (
          <Clock className="size-10 text-muted-foreground" aria-hidden="true" />
        )}
        <h2 className="text-xl font-semibold">Payment processing</h2>
        <p className="text-muted-foreground">
          {stillPolling
            ? `We're waiting for the bank to confirm ${formatCents(session.amountCents)} for ${what}.`
            : 'The confirmation is taking longer than usual. It will show on your dashboard as soon as it arrives; you will not be charged twice.'}
        </p>
      </div>
    );
  }
  if (session.reservationEnded) {
    // Not a decline: the card's hold ran out before the money came (issue 32).
    return (
      <div className="grid gap-2" role="status">
        <Clock className="size-10 text-destructive" aria-hidden="true" />
        <h2 className="text-xl font-semibold">Your reservation ended</h2>
        <p className="text-muted-foreground">
          The card's hold ran out before the payment came through, so it is back on the MarketPlace. Any money taken is refunded.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-2" role="status">
      <XCircle className="size-10 text-destructive" aria-hidden="true" />
      <h2 className="text-xl font-semibold">{session.status === 'expired' ? 'Payment session expired' : 'Payment declined'}</h2>
      <p className="text-muted-foreground">No money was taken for {what}.</p>
    </div>
  );
}

function SessionResult({ title, retryHref }: { title: string; retryHref: (s: CheckoutSession) => string }) {
  const sessionId = searchParam(useSearch(), 'session_id');
  const { query, polling } = useCheckoutSession(sessionId, true);
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-display text-3xl font-medium tracking-tight">{title}</h1>
      {!sessionId ? (
        <EmptyState
          title="No payment to show"
          description="This page opens after a payment."
          action={
            <Button asChild>
              <Link href="/dashboard">Go to the dashboard</Link>
            </Button>
          }
        />
      ) : (
        <PageQuery query={query} loadingLabel="Checking the payment" errorTitle="We couldn't check this payment." skeletons={['h-48']}>
          {(s) => (
            <Card>
              <CardContent className="grid gap-6">
                <Outcome session={s} stillPolling={polling} />
                <div className="flex flex-wrap gap-2">
                  <Button asChild>
                    <Link href="/dashboard">Go to the dashboard</Link>
                  </Button>
                  {(s.status === 'failed' || s.status === 'expired') && (
                    <Button asChild variant="outline">
                      <Link href={retryHref(s)}>Try again</Link>
                    </Button>
                  )}
                </div>
              </CardContent>
            </Card>
          )}
        </PageQuery>
      )}
    </div>
  );
}

export function PaymentSuccessPage() {
  return <SessionResult title="Payment" retryHref={(s) => `/checkout?invoice=${encodeURIComponent(s.invoice.id)}`} />;
}

export function SubscriptionSuccessPage() {
  return <SessionResult title="Membership" retryHref={() => '/subscribe'} />;
}
