import { FlaskConical } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatCents } from '#common/format.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { useCheckoutSession } from './api/get-checkout-session.ts';
import { useSettleTestPayment } from './api/settle-test-payment.ts';
import { searchParam } from './go-to.ts';

/** The test provider's payment page: no card is charged; the buttons settle the session as a bank would. */
export default function PaymentTestPage() {
  const sessionId = searchParam(useSearch(), 'session');
  const [, navigate] = useLocation();
  const { query } = useCheckoutSession(sessionId);
  const settle = useSettleTestPayment();

  const finish = (outcome: 'complete' | 'decline') =>
    settle.mutate(
      { sessionId, outcome },
      {
        onSuccess: (s) => {
          if (outcome === 'decline') {
            toast({ variant: 'destructive', title: 'Payment declined', description: 'No money was taken. You can try again from the invoice.' });
            return;
          }
          navigate(`${s.kind === 'subscription' ? '/subscription-success' : '/payment-success'}?session_id=${encodeURIComponent(s.sessionId)}`);
        },
        onError: (e) => toast({ variant: 'destructive', title: 'The test payment failed', description: e.message }),
      },
    );

  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <div role="note" className="flex items-start gap-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-950">
        <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <h1 className="font-semibold">Test payment page</h1>
          <p className="text-sm">This server uses the test payment provider. No card is charged: choose how the payment ends.</p>
        </div>
      </div>
      {!sessionId ? (
        <EmptyState title="No payment session" description="This page opens from checkout." />
      ) : (
        <PageQuery query={query} loadingLabel="Loading the payment" errorTitle="We couldn't load this payment." skeletons={['h-56']}>
          {(s) => (
            <Card>
              <CardHeader>
                <CardTitle className="text-lg">
                  {s.kind === 'subscription' ? `Membership: ${s.plan?.name ?? ''}` : `Invoice ${s.invoice.number}`}
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-5">
                <p className="text-3xl font-semibold tabular" data-testid="test-amount">
                  {formatCents(s.amountCents)}
                </p>
                {s.status === 'pending' ? (
                  <div className="flex flex-col gap-2 sm:flex-row">
                    <Button size="lg" disabled={settle.isPending} onClick={() => finish('complete')}>
                      {settle.isPending && settle.variables?.outcome === 'complete' && <Spinner size="sm" label="Completing" />}
                      Complete payment
                    </Button>
                    <Button size="lg" variant="outline" disabled={settle.isPending} onClick={() => finish('decline')}>
                      {settle.isPending && settle.variables?.outcome === 'decline' && <Spinner size="sm" label="Declining" />}
                      Decline payment
                    </Button>
                  </div>
                ) : (
                  <p role="status" className="text-sm">
                    {s.status === 'succeeded'
                      ? 'This payment is complete.'
                      : s.reservationEnded
                        ? 'Your reservation ended before this payment, so nothing was taken.'
                        : s.status === 'failed'
                          ? 'This payment was declined.'
                          : 'This payment session has expired.'}{' '}
                    {s.kind === 'invoice' && s.status !== 'succeeded' && (
                      <Link className="underline underline-offset-4" href={`/checkout?invoice=${encodeURIComponent(s.invoice.id)}`}>
                        Back to the invoice
                      </Link>
                    )}
                  </p>
                )}
              </CardContent>
            </Card>
          )}
        </PageQuery>
      )}
    </div>
  );
}
