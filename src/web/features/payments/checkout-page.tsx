import { CreditCard, FileDown } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatCents } from '#common/format.ts';
import { formatDate } from '#web/lib/dates.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useMyInvoice } from './api/get-my-invoice.ts';
import { refundedText } from './refunded.ts';
import { paymentPaths } from './api/keys.ts';
import { useStartCheckout } from './api/start-checkout.ts';
import { goToPayment, searchParam } from './go-to.ts';
import { HoldCountdown } from './hold-countdown.tsx';
import { InvoiceLines } from './invoice-lines.tsx';

/** /checkout?invoice=…: the invoice, then Pay, which opens the payment provider's page. */
export default function CheckoutPage() {
  const invoiceId = searchParam(useSearch(), 'invoice');
  const [, navigate] = useLocation();
  const query = useMyInvoice(invoiceId);
  const checkout = useStartCheckout();

  const pay = (id: string) =>
    checkout.mutate(id, {
      onSuccess: ({ url }) => goToPayment(url, navigate),
      onError: (e) => toast({ variant: 'destructive', title: 'Payment could not start', description: e.message }),
    });

  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <PageHeader eyebrow="Checkout" title="Pay an invoice" />
      {!invoiceId ? (
        <EmptyState
          title="No invoice chosen"
          description="Open an invoice from your dashboard to pay it."
          action={
            <Button asChild>
              <Link href="/dashboard">Go to the dashboard</Link>
            </Button>
          }
        />
      ) : (
        <PageQuery query={query} loadingLabel="Loading the invoice" errorTitle="We couldn't load this invoice." skeletons={['h-80']}>
          {(invoice) => (
            <Card>
              <CardHeader className="flex flex-row items-start justify-between gap-3">
                <CardTitle className="text-lg">{invoice.number}</CardTitle>
                <a
                  href={paymentPaths.invoicePdf(invoice.id)}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline"
                >
                  <FileDown className="size-4" aria-hidden="true" /> PDF
                </a>
              </CardHeader>
              <CardContent className="grid gap-5">
                <InvoiceLines invoice={invoice} />
                {invoice.status === 'sent' && !invoice.processing && invoice.related?.kind === 'sale' && (
                  <HoldCountdown listingId={invoice.related.id} />
                )}
                {invoice.status === 'paid' ? (
                  <p className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900" role="status">
                    Paid {invoice.paidAt ? `on ${formatDate(invoice.paidAt)}` : ''}.{' '}
                    {invoice.refundedCents > 0 ? `${refundedText(invoice)}.` : 'Nothing more to do.'}
                  </p>
                ) : invoice.status === 'void' ? (
                  <p className="rounded-md bg-muted p-3 text-sm" role="status">
                    This invoice was cancelled and cannot be paid.
                  </p>
                ) : invoice.processing ? (
                  <p className="rounded-md bg-muted p-3 text-sm" role="status">
                    Payment processing: your bank is moving the money. We will tell you when it clears; nothing more to do.
                  </p>
                ) : (
                  <Button size="lg" className="w-full sm:w-auto sm:justify-self-end" disabled={checkout.isPending} onClick={() => pay(invoice.id)}>
                    {checkout.isPending ? <Spinner size="sm" label="Opening payment" /> : <CreditCard aria-hidden="true" />}
                    Pay {formatCents(invoice.totalCents)}
                  </Button>
                )}
              </CardContent>
            </Card>
          )}
        </PageQuery>
      )}
    </div>
  );
}
