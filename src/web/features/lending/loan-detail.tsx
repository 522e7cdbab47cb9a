import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { formatCents } from '#common/format.ts';
import { formatApr, LOAN_IN_HAND_MESSAGE, monthlyPaymentCents, utcDay, type LoanDetail } from '#common/lending.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { CollateralList, day, LoanFacts, LoanHistory, LoanInvoices, Section } from '#web/components/loans/loan-parts.tsx';
import { LtvGauge } from '#web/components/loans/ltv-gauge.tsx';
import { loanStatusMap } from '#web/components/loans/loan-status.ts';
import { balancePoints, ScheduleTable } from '#web/components/loans/schedule-table.tsx';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useAnswerOffer } from './api/answer-offer.ts';
import { useMyLoan } from './api/get-my-loan.ts';
import { useRequestPayoff } from './api/request-payoff.ts';

const BalanceChart = lazy(() => import('#web/components/loans/balance-chart.tsx'));
const checkoutHref = (invoiceId: string) => `/checkout?invoice=${encodeURIComponent(invoiceId)}`;

function OfferBox({ loan }: { loan: LoanDetail }) {
  const [declining, setDeclining] = useState(false);
  const answer = useAnswerOffer({
    onSuccess: (a) => {
      setDeclining(false);
      toast(
        a === 'accept'
          ? { title: 'Offer accepted', description: 'Our team will call you to schedule the pickup of your cards.' }
          : { title: 'Offer declined' },
      );
    },
    onError: (err) => {
      setDeclining(false);
      toast({ variant: 'destructive', title: 'Your answer was not saved', description: errorMessage(err, 'Try again.') });
    },
  });
  const amount = loan.offeredAmountCents ?? 0;
  const term = loan.offeredTermMonths ?? loan.termMonths;
  const apr = loan.aprBps ?? 0;
  const act = (a: 'accept' | 'decline') => answer.mutate({ id: loan.id, answer: a });
  return (
    <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm" data-testid="loan-offer">
      <p className="font-medium">
        Our offer: <Money cents={amount} /> at {formatApr(apr)} APR over {term} months, about <Money cents={monthlyPaymentCents(amount, apr, term)} />{' '}
        a month.
      </p>
      <p>{LOAN_IN_HAND_MESSAGE}</p>
      {loan.offerExpiresAt && <p className="text-xs text-muted-foreground">Open until {day(loan.offerExpiresAt)}.</p>}
      <div className="flex flex-wrap gap-2">
        <Button variant="crimson" disabled={answer.isPending} onClick={() => act('accept')}>
          {answer.isPending && !declining && <Spinner size="sm" label="Accepting" />}
          Accept offer
        </Button>
        <Button variant="outline" disabled={answer.isPending} onClick={() => setDeclining(true)}>
          Decline
        </Button>
      </div>
      <ConfirmDialog
        open={declining}
        onClose={() => setDeclining(false)}
        onConfirm={() => act('decline')}
        title="Decline this offer?"
        description="The offer closes and your cards stay yours. You can apply again later."
        confirmLabel="Decline offer"
        destructive
        pending={answer.isPending}
        pendingLabel="Declining"
      />
    </div>
  );
}

function Repayment({ loan }: { loan: LoanDetail }) {
  const [, navigate] = useLocation();
  const payoff = useRequestPayoff();
  const next = loan.nextPayment;
  const settle = () =>
    payoff.mutate(loan.id, {
      onSuccess: (r) => navigate(checkoutHref(r.invoiceId)),
      onError: (err) =>
        toast({ variant: 'destructive', title: 'The payoff invoice could not be made', description: errorMessage(err, 'Try again.') }),
    });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="grid content-start gap-2 rounded-lg border p-4 text-sm" data-testid="next-payment">
        <p className="text-xs text-muted-foreground">Next payment</p>
        {next ? (
          <>
            <p className="text-2xl font-medium">
              <Money cents={next.amountCents} />
            </p>
            <p className={next.overdue ? 'font-medium text-destructive' : 'text-muted-foreground'}>
              Installment {next.installmentNumber}, due {day(next.dueDate)}
              {next.overdue && ' (overdue)'}
            </p>
            {next.invoiceId ? (
              <Button asChild variant="crimson" className="justify-self-start">
                <Link href={checkoutHref(next.invoiceId)} aria-label={`Pay installment ${next.installmentNumber}`}>
                  Pay {formatCents(next.amountCents)}
                </Link>
              </Button>
            ) : (
              <p className="text-xs text-muted-foreground">It is invoiced on its due date; Pay appears here then.</p>
            )}
          </>
        ) : (
          <p className="text-muted-foreground">Nothing due.</p>
        )}
      </div>
      {loan.payoffToday && (
        <div className="grid content-start gap-2 rounded-lg border p-4 text-sm" data-testid="payoff">
          <p className="text-xs text-muted-foreground">Repay in full today</p>
          <p className="text-2xl font-medium">
            <Money cents={loan.payoffToday.totalCents} />
          </p>
          <p className="text-muted-foreground">
            <Money cents={loan.payoffToday.principalCents} /> principal plus <Money cents={loan.payoffToday.interestCents} /> interest since{' '}
            {day(loan.payoffToday.interestFrom)}.
          </p>
          <Button variant="outline" className="justify-self-start" disabled={payoff.isPending} onClick={settle}>
            {payoff.isPending && <Spinner size="sm" label="Preparing" />}
            Repay in full
          </Button>
        </div>
      )}
    </div>
  );
}

function Body({ loan }: { loan: LoanDetail }) {
  const started = loan.fundedAt ? utcDay(new Date(loan.fundedAt)) : null;
  const today = utcDay(new Date());
  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-display text-xl font-medium">
            Loan of <Money cents={loan.offeredAmountCents ?? loan.amountRequestedCents} />
          </h2>
          <p className="text-xs text-muted-foreground">
            Applied {day(loan.createdAt)} · {loan.purpose}
          </p>
        </div>
        <StatusBadge status={loan.status} map={loanStatusMap} />
      </div>
      <LoanFacts loan={loan} />

      {loan.status === 'submitted' && (
        <p className="rounded-md bg-muted p-3 text-sm">We are reviewing your application and will send you an offer here.</p>
      )}
      {loan.status === 'conditionally_approved' && <OfferBox loan={loan} />}
      {loan.status === 'accepted' && (
        <p className="rounded-md bg-muted p-3 text-sm" role="status">
          Offer accepted. {LOAN_IN_HAND_MESSAGE} The loan is funded once every card is in our vault.
        </p>
      )}
      {loan.status === 'rejected' && (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          Your loan request has been rejected.{loan.rejectionReason && ` Reason: ${loan.rejectionReason}`}
        </p>
      )}
      {loan.status === 'defaulted' && (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" role="status">
          This loan is in default: an installment is unpaid past its grace period.
          {loan.collateralListableAt && ` Unless it is settled, the collateral may be sold from ${day(loan.collateralListableAt)}.`}
        </p>
      )}
      {loan.status === 'paid' && (
        <p className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          Paid in full{loan.paidAt && ` on ${day(loan.paidAt)}`}. Your cards are released; ask us for them back whenever you like.
        </p>
      )}

      {(loan.status === 'funded' || loan.status === 'defaulted') && <Repayment loan={loan} />}

      {loan.fundedAt && loan.status !== 'paid' && <LtvGauge ltvBps={loan.liveLtvBps} capBps={loan.maxLtvBps} />}

      {loan.schedule.length > 0 && started && (
        <Section title="Outstanding balance">
          <Suspense fallback={<Skeleton className="h-[200px] w-full" />}>
            <BalanceChart points={balancePoints(started, loan.offeredAmountCents ?? loan.amountRequestedCents, loan.schedule)} today={today} />
          </Suspense>
        </Section>
      )}
      {loan.schedule.length > 0 && (
        <Section title="Repayment schedule">
          <ScheduleTable
            rows={loan.schedule}
            caption="Repayment schedule"
            action={(r) =>
              r.status === 'invoiced' && r.invoiceId ? (
                <Link
                  href={checkoutHref(r.invoiceId)}
                  aria-label={`Pay installment ${r.number} (schedule)`}
                  className="text-sm font-medium underline underline-offset-4"
                >
                  Pay
                </Link>
              ) : null
            }
          />
        </Section>
      )}
      <Section title={`Collateral (${loan.collateral.length})`}>
        <CollateralList items={loan.collateral} />
      </Section>
      {loan.invoices.length > 0 && (
        <Section title="Invoices and payments">
          <LoanInvoices
            invoices={loan.invoices}
            action={(i) =>
              i.status === 'sent' ? (
                <Link href={checkoutHref(i.id)} aria-label={`Pay ${i.number}`} className="text-xs font-medium underline underline-offset-4">
                  Pay
                </Link>
              ) : null
            }
          />
        </Section>
      )}
      <Section title="History">
        <LoanHistory events={loan.events} />
      </Section>
    </div>
  );
}

/** One of the member's loans in full, read from GET /api/user/loans/{id}. */
export function LoanDetailPanel({ loanId }: { loanId: string }) {
  const query = useMyLoan(loanId);
  return (
    <PageQuery query={query} loadingLabel="Loading the loan" errorTitle="This loan could not be loaded" skeletons={['h-40', 'h-64']}>
      {(loan) => <Body loan={loan} />}
    </PageQuery>
  );
}
