import { useSearchParams } from 'wouter';
import type { Loan } from '#common/lending.ts';
import { day } from '#web/components/loans/loan-parts.tsx';
import { loanStatusMap } from '#web/components/loans/loan-status.ts';
import { Money } from '#web/components/money.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { cn } from '#web/lib/utils.ts';
import { PageHeader } from '#web/features/shell/page-header.tsx';
import { useMyLoans } from './api/get-my-loans.ts';
import { BorrowSection } from './borrow-section.tsx';
import { LoanDetailPanel } from './loan-detail.tsx';
import { TermsSection } from './terms-section.tsx';

function MyLoans({ loans, picked, onPick }: { loans: Loan[]; picked: string | null; onPick: (id: string) => void }) {
  const current = loans.find((l) => l.id === picked) ?? loans[0]!;
  return (
    <section aria-labelledby="my-loans" className="grid gap-3">
      <h2 id="my-loans" className="font-display text-xl font-medium">
        Your loans
      </h2>
      <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <ul className="grid content-start gap-2" aria-label="Loans">
          {loans.map((l) => (
            <li key={l.id}>
              <button
                type="button"
                onClick={() => onPick(l.id)}
                aria-current={current.id === l.id}
                data-testid="my-loan"
                data-loan-id={l.id}
                className={cn(
                  'grid w-full gap-1 rounded-lg border bg-card p-3 text-left text-sm hover:bg-accent',
                  current.id === l.id && 'border-crimson',
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <Money cents={l.offeredAmountCents ?? l.amountRequestedCents} className="font-medium" />
                  <StatusBadge status={l.status} map={loanStatusMap} />
                </span>
                <span className="text-xs text-muted-foreground">
                  {l.collateralCount} card{l.collateralCount === 1 ? '' : 's'} · {l.offeredTermMonths ?? l.termMonths} months · {day(l.createdAt)}
                </span>
                {l.ltvWarning && <span className="text-xs font-medium text-destructive">LTV above the cap</span>}
                {l.nextPayment?.overdue && <span className="text-xs font-medium text-destructive">Payment overdue</span>}
              </button>
            </li>
          ))}
        </ul>
        <div className="min-w-0 rounded-xl border bg-card p-4 sm:p-5" data-testid="loan-detail">
          <LoanDetailPanel key={current.id} loanId={current.id} />
        </div>
      </div>
    </section>
  );
}

/** /lend: the published terms, the calculator and application, and the member's loans. */
export default function LendPage() {
  const query = useMyLoans();
  const [params, setParams] = useSearchParams();
  const pick = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('loan', id);
        return next;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <PageHeader
        eyebrow="Lend"
        title="Borrow against your cards"
        description="Pledge graded cards from your registry, keep them insured in our vault, and repay monthly."
      />
      <PageQuery query={query} loadingLabel="Loading your loans and the terms" errorTitle="Lending could not be loaded" skeletons={['h-48', 'h-96']}>
        {({ loans, terms }) => (
          <>
            {loans.length > 0 && <MyLoans loans={loans} picked={params.get('loan')} onPick={pick} />}
            <TermsSection terms={terms} />
            <BorrowSection terms={terms} onApplied={pick} />
          </>
        )}
      </PageQuery>
    </div>
  );
}
