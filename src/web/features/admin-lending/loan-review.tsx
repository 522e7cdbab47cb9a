import { lazy, Suspense, useId, useState } from 'react';
import { AuditTrailLink } from '#web/components/audit-trail-link.tsx';
import { Check, Circle } from 'lucide-react';
import {
  LOAN_REASON_MAX,
  LOAN_REFERENCE_MAX,
  formatApr,
  formatBpsPercent,
  utcDay,
  type AdminLoanDetail,
  type AdminLoanPatch,
  type Collateral,
} from '#common/lending.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { CollateralList, collateralTitle, day, LoanFacts, LoanHistory, LoanInvoices, Section } from '#web/components/loans/loan-parts.tsx';
import { LtvGauge } from '#web/components/loans/ltv-gauge.tsx';
import { loanStatusMap } from '#web/components/loans/loan-status.ts';
import { balancePoints, ScheduleTable } from '#web/components/loans/schedule-table.tsx';
import { PageQuery } from '#web/components/page-query.tsx';
import { StatusBadge } from '#web/components/status-badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { useAdminLoan } from './api/get-admin-loan.ts';
import { useLendingPolicy } from './api/get-lending-policy.ts';
import { useReceiveCollateral } from './api/receive-collateral.ts';
import { useTakeCollateral } from './api/take-collateral.ts';
import { useUpdateLoan } from './api/update-loan.ts';
import { OfferForm } from './offer-form.tsx';

const BalanceChart = lazy(() => import('#web/components/loans/balance-chart.tsx'));

type Action = 'rejected' | 'funded' | 'paid' | 'defaulted';
const failed = (err: unknown) => toast({ variant: 'destructive', title: 'The change was not saved', description: errorMessage(err, 'Try again.') });

/** The one dialog for the status changes after review: reject (reason), fund, mark paid (reference), default. */
function ActionDialog({ loan, action, onClose }: { loan: AdminLoanDetail; action: Action | null; onClose: () => void }) {
  const id = useId();
  const update = useUpdateLoan();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setText('');
    setProblem(null);
    onClose();
  };
  // Defaulting before any installment is past its grace is an override: its reason is required and audited.
  const override = action === 'defaulted' && !loan.pastGrace;
  const needsText = action === 'rejected' || action === 'paid' || override;
  const confirm = () => {
    if (!action) return;
    if (needsText && !text.trim()) {
      setProblem(
        action === 'rejected' ? 'Give the member a reason' : action === 'paid' ? 'Enter the payment reference' : 'Give the reason for defaulting now',
      );
      return;
    }
    const t = text.trim();
    const patch: AdminLoanPatch =
      action === 'rejected'
        ? { status: action, reason: t }
        : action === 'paid'
          ? { status: action, reference: t }
          : action === 'defaulted'
            ? override
              ? { status: action, overrideReason: t }
              : { status: action, note: t || null }
            : { status: action, note: t || null };
    update.mutate(
      { id: loan.id, patch },
      {
        onSuccess: () => {
          toast({
            title: { rejected: 'Loan rejected', funded: 'Loan funded', paid: 'Loan Marked as Paid', defaulted: 'Loan marked defaulted' }[action],
          });
          close();
        },
        onError: (err) => setProblem(errorMessage(err, 'The change was not saved. Try again.')),
      },
    );
  };
  const copy = {
    rejected: {
      title: 'Reject this application?',
      description: 'The member sees your reason. Any pledged cards are released.',
      label: 'Reject',
      field: 'Reason for the member',
    },
    funded: {
      title: 'Fund this loan?',
      description: 'The schedule is fixed from today and the origination fee is invoiced.',
      label: 'Fund loan',
      field: 'Note (optional)',
    },
    paid: {
      title: 'Mark this loan as paid?',
      description: 'Use this for a payment received outside checkout. The collateral is released.',
      label: 'Mark as paid',
      field: 'Payment reference',
    },
    defaulted: override
      ? {
          title: 'Default this loan before anything is overdue?',
          description:
            'No installment is unpaid past its grace period. Defaulting now is an override: give the reason, which is kept in the loan’s history and the audit log.',
          label: 'Default with this reason',
          field: 'Reason for defaulting now',
        }
      : {
          title: 'Mark this loan as defaulted?',
          description: 'An installment is unpaid past its grace period. The collateral is flagged.',
          label: 'Mark defaulted',
          field: 'Note (optional)',
        },
  };
  const c = action ? copy[action] : null;
  return (
    <ConfirmDialog
      open={!!action}
      onClose={close}
      onConfirm={confirm}
      title={c?.title}
      description={c?.description}
      confirmLabel={c?.label}
      destructive={action === 'rejected' || action === 'defaulted'}
      confirmVariant="crimson"
      pending={update.isPending}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-text`}>{c?.field}</Label>
        {action === 'paid' ? (
          <Input
            id={`${id}-text`}
            value={text}
            maxLength={LOAN_REFERENCE_MAX}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={!!problem}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        ) : (
          <Textarea
            id={`${id}-text`}
            rows={3}
            value={text}
            maxLength={LOAN_REASON_MAX}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={!!problem}
            aria-describedby={problem ? `${id}-problem` : undefined}
          />
        )}
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}

function ReceiveButton({ loan, card }: { loan: AdminLoanDetail; card: Collateral }) {
  const receive = useReceiveCollateral();
  // Only a pledged card (the offer accepted) is picked up for the loan.
  if (card.custody === 'in_vault' || loan.status !== 'accepted') return null;
  const go = () =>
    receive.mutate(
      { cardId: card.cardId, note: `Received as collateral for ${loan.borrower.name ?? 'the member'}’s loan` },
      {
        onSuccess: (saved) => {
          const recheck = saved.events.at(-1);
          const result = recheck?.kind === 'psa_rechecked' ? (recheck.data as { result?: string }).result : null;
          toast({
            title: 'Received in the vault',
            description: `${collateralTitle(card)}. ${result === 'match' ? 'PSA’s record matches.' : result ? 'PSA re-check: ' + result.replace(/_/g, ' ') + '.' : ''}`,
          });
        },
        onError: failed,
      },
    );
  return (
    <Button size="sm" variant="outline" onClick={go} disabled={receive.isPending} aria-label={`Receive ${collateralTitle(card)} in vault`}>
      {receive.isPending && <Spinner size="sm" label="Saving" />}
      Receive in vault
    </Button>
  );
}

/** After default and the policy's notice, the admin takes the cards into house inventory. */
function TakeCollateral({ loan }: { loan: AdminLoanDetail }) {
  const take = useTakeCollateral();
  const [open, setOpen] = useState(false);
  if (loan.collateralTakenAt)
    return <p className="text-sm text-muted-foreground">Collateral taken into house inventory on {day(loan.collateralTakenAt)}.</p>;
  const ready = !!loan.collateralListableAt && loan.collateralListableAt.slice(0, 10) <= utcDay(new Date());
  return (
    <>
      <Button variant="outline" disabled={!ready} onClick={() => setOpen(true)} title={ready ? undefined : 'The default notice is still running'}>
        Take collateral into house inventory…
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          take.mutate(loan.id, {
            onSuccess: () => {
              setOpen(false);
              toast({ title: 'Collateral taken into house inventory' });
            },
            onError: (err) => {
              setOpen(false);
              failed(err);
            },
          })
        }
        title="Take the collateral into house inventory?"
        description="The cards are transferred to the house account and stay in the vault. The member keeps the loan's history."
        confirmLabel="Take collateral"
        destructive
        pending={take.isPending}
      />
    </>
  );
}

function FundingChecklist({ loan, onFund }: { loan: AdminLoanDetail; onFund: () => void }) {
  return (
    <div className="grid gap-2 rounded-lg border p-4 text-sm" data-testid="funding-checklist">
      <h3 className="font-semibold">Funding checklist</h3>
      <ul className="grid gap-1">
        {loan.collateral.map((c) => (
          <li key={c.cardId} className="flex items-center gap-2">
            {c.custody === 'in_vault' ? (
              <Check className="size-4 text-emerald-700" aria-label="Done" />
            ) : (
              <Circle className="size-4 text-muted-foreground" aria-label="Not yet" />
            )}
            <span className="min-w-0 break-words">
              {collateralTitle(c)} in the vault
              {c.needsReview && <span className="text-destructive"> (PSA record differs)</span>}
            </span>
          </li>
        ))}
      </ul>
      <Button variant="crimson" className="justify-self-start" disabled={!loan.allCollateralInVault} onClick={onFund}>
        Fund loan
      </Button>
      {!loan.allCollateralInVault && (
        <p className="text-xs text-muted-foreground">Every collateral card must be received in the vault before funding.</p>
      )}
    </div>
  );
}

function Review({ loan }: { loan: AdminLoanDetail }) {
  const policy = useLendingPolicy();
  const [action, setAction] = useState<Action | null>(null);
  const started = loan.fundedAt ? utcDay(new Date(loan.fundedAt)) : null;
  const s = loan.status;
  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-display text-xl font-medium">{loan.borrower.name ?? 'No name'}</h2>
          <p className="text-xs text-muted-foreground">
            {loan.borrower.phone} · applied {day(loan.createdAt)}
            {loan.reviewer?.name && ` · reviewed by ${loan.reviewer.name}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge status={s} map={loanStatusMap} />
          <AuditTrailLink targetType="loan" targetId={loan.id} />
        </div>
      </div>
      <p className="text-sm">
        <span className="text-muted-foreground">Purpose:</span> {loan.purpose}
      </p>
      <LoanFacts loan={loan} />
      {loan.ltvAtOfferBps !== null && (
        <p className="text-xs text-muted-foreground">
          LTV at offer: {formatBpsPercent(loan.ltvAtOfferBps)}
          {loan.aprBps !== null && ` · ${formatApr(loan.aprBps)} APR`}
        </p>
      )}
      {loan.fundedAt && s !== 'paid' && <LtvGauge ltvBps={loan.liveLtvBps} capBps={loan.maxLtvBps} />}
      {s === 'rejected' && loan.rejectionReason && <p className="rounded-md bg-muted p-3 text-sm">Reason given: {loan.rejectionReason}</p>}
      {s === 'defaulted' && (
        <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" role="status" data-testid="default-flag">
          In default since {day(loan.defaultedAt)}. The collateral is flagged
          {loan.collateralTakenAt
            ? ' and is in house inventory.'
            : loan.collateralListableAt
              ? ` and may be taken into house inventory from ${day(loan.collateralListableAt)}.`
              : '.'}
        </p>
      )}

      <Section title={`Collateral (${loan.collateral.length})`}>
        <CollateralList items={loan.collateral} action={(c) => <ReceiveButton loan={loan} card={c} />} />
      </Section>

      {s === 'submitted' && (policy.isPending ? <Skeleton className="h-48 w-full" /> : <OfferForm loan={loan} policy={policy.data?.policy} />)}
      {s === 'accepted' && <FundingChecklist loan={loan} onFund={() => setAction('funded')} />}
      {s === 'conditionally_approved' && (
        <p className="rounded-md bg-muted p-3 text-sm">
          Offer sent; waiting for the member{loan.offerExpiresAt && ` (open until ${day(loan.offerExpiresAt)})`}.
        </p>
      )}

      <div className="flex flex-wrap gap-2" aria-label="Actions" role="group">
        {['submitted', 'conditionally_approved', 'accepted'].includes(s) && (
          <Button variant="outline" onClick={() => setAction('rejected')}>
            Reject…
          </Button>
        )}
        {(s === 'funded' || s === 'defaulted') && (
          <Button variant="outline" onClick={() => setAction('paid')}>
            Mark as paid…
          </Button>
        )}
        {s === 'defaulted' && <TakeCollateral loan={loan} />}
        {s === 'funded' && (
          <Button
            variant="outline"
            onClick={() => setAction('defaulted')}
            title={loan.pastGrace ? undefined : 'No installment is past its grace period: defaulting now needs a reason'}
          >
            Mark defaulted…
          </Button>
        )}
      </div>

      {loan.schedule.length > 0 && started && (
        <Section title="Outstanding balance">
          <Suspense fallback={<Skeleton className="h-[200px] w-full" />}>
            <BalanceChart
              points={balancePoints(started, loan.offeredAmountCents ?? loan.amountRequestedCents, loan.schedule)}
              today={utcDay(new Date())}
            />
          </Suspense>
        </Section>
      )}
      {loan.schedule.length > 0 && (
        <Section title="Schedule">
          <ScheduleTable rows={loan.schedule} caption="Repayment schedule" />
        </Section>
      )}
      <Section title="Payments">
        <LoanInvoices invoices={loan.invoices} />
      </Section>
      {loan.notes && (
        <Section title="Notes">
          <p className="text-sm whitespace-pre-wrap">{loan.notes}</p>
        </Section>
      )}
      <Section title="History">
        <LoanHistory events={loan.events} />
      </Section>
      <ActionDialog loan={loan} action={action} onClose={() => setAction(null)} />
    </div>
  );
}

/** One loan for review, read from GET /api/admin/loans/{id}. */
export function LoanReview({ loanId }: { loanId: string }) {
  const query = useAdminLoan(loanId);
  return (
    <PageQuery query={query} loadingLabel="Loading the loan" errorTitle="This loan could not be loaded" skeletons={['h-40', 'h-64']}>
      {(loan) => <Review loan={loan} />}
    </PageQuery>
  );
}
