import { eq } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import type { LoanStatus } from '#common/lending.ts';
import type { TransitionActor, UnitOfWork } from '#server/lib/transition.ts';
import { notify } from '#server/modules/notifications/index.ts';
import type { LoanRow } from './lending.aggregate.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

const memberLink = (id: string) => `/lend?loan=${encodeURIComponent(id)}`;
const staffLink = (id: string) => `/admin/loans?loan=${encodeURIComponent(id)}`;

async function memberName(uow: UnitOfWork, id: string) {
  const [u] = await uow.tx.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return u?.name || 'A member';
}

// loan_updated already toasts the borrower and the admins: every notification here is silent on
// the wire and fills the bell. Installments due and overdue come as invoice notifications.

/** Admins hear of a new application. */
export async function loanApplied(uow: UnitOfWork, loan: LoanRow, now: Date) {
  const who = await memberName(uow, loan.borrowerId);
  await notify(uow, {
    kind: 'loan_application_new',
    title: 'New loan application',
    message: `${who} applied for ${formatCents(loan.amountRequestedCents)} over ${loan.termMonths} months`,
    admins: { link: staffLink(loan.id) },
    silent: true,
    now,
  });
}

const borrowerNews: Partial<Record<LoanStatus, (l: LoanRow) => { title: string; message: string }>> = {
  conditionally_approved: (l) => ({
    title: 'Loan offer made',
    message: `We can lend ${formatCents(l.offeredAmountCents ?? 0)} over ${l.offeredTermMonths ?? l.termMonths} months. The item must be received in hand: accept the offer on your Lend page`,
  }),
  rejected: (l) => ({
    title: 'Loan declined',
    message: l.rejectionReason
      ? `Your loan request has been rejected: ${l.rejectionReason.replace(/[.\s]+$/, '')}`
      : 'Your loan request has been rejected',
  }),
  expired: () => ({ title: 'Loan offer expired', message: 'The loan offer was not accepted in time and has expired' }),
  funded: (l) => ({
    title: 'Loan funded',
    message: `Your loan of ${formatCents(l.offeredAmountCents ?? 0)} has been funded; installments are invoiced as they fall due`,
  }),
  paid: () => ({ title: 'Loan paid off', message: 'Your loan has been marked as paid. Your collateral is released' }),
  defaulted: () => ({
    title: 'Loan in default',
    message: 'Your loan is in default: an installment is unpaid past its grace period. Please contact us',
  }),
};

/**
 * A loan moved: the desk's decisions, the funding, the payoff, an expiry or a default reach the
 * borrower; the borrower's own answer to an offer (accepted, declined) reaches the admins.
 */
export async function loanMoved(uow: UnitOfWork, loan: LoanRow, now: Date, move: { actor: TransitionActor }) {
  if (move.actor.user?.id === loan.borrowerId) {
    if (loan.status !== 'accepted' && loan.status !== 'declined') return;
    const who = await memberName(uow, loan.borrowerId);
    const amount = formatCents(loan.offeredAmountCents ?? 0);
    const message =
      loan.status === 'accepted' ? `${who} accepted the ${amount} offer: schedule the collateral pickup` : `${who} declined the ${amount} offer`;
    await notify(uow, {
      kind: 'loan_updated',
      title: loan.status === 'accepted' ? 'Loan offer accepted' : 'Loan offer declined',
      message,
      admins: { link: staffLink(loan.id) },
      silent: true,
      now,
    });
    return;
  }
  const news = borrowerNews[loan.status]?.(loan);
  if (!news) return;
  const bad = loan.status === 'rejected' || loan.status === 'defaulted';
  await notify(uow, {
    kind: loan.status === 'defaulted' ? 'loan_defaulted' : 'loan_updated',
    ...news,
    variant: bad ? 'destructive' : 'default',
    user: { id: loan.borrowerId, link: memberLink(loan.id) },
    silent: true,
    now,
  });
}
