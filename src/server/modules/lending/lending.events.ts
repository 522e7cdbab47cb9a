import { formatCents } from '#common/format.ts';
import { loanEventMessage, loanStatusLabels, type LoanStatus } from '#common/lending.ts';
import type { EventsContext } from '#server/lib/transition.ts';

type Log = { warn: (o: object, m: string) => void };
export interface LoanAnnounced {
  id: string;
  borrowerId: string;
  status: LoanStatus;
  amountRequestedCents: number;
  offeredAmountCents: number | null;
}

/**
 * loan_updated to the borrower (their toast: the spec's words for conditionally approved,
 * rejected and paid) and to admins (the change in words). Runs after commit; a failed delivery
 * is logged, never thrown.
 */
export async function loanUpdated(ctx: EventsContext, loan: LoanAnnounced) {
  const base = { type: 'loan_updated' as const, userId: loan.borrowerId, loanId: loan.id, status: loan.status };
  const amount = loan.offeredAmountCents ?? loan.amountRequestedCents;
  try {
    await ctx.live.publish({ kind: 'user', userId: loan.borrowerId }, { ...base, message: loanEventMessage(loan.status, loan.offeredAmountCents) });
    await ctx.live.publish(
      { kind: 'admins' },
      { ...base, message: `Loan of ${formatCents(amount)}: ${loanStatusLabels[loan.status].toLowerCase()}.` },
    );
  } catch (err) {
    (ctx.log as Log | undefined)?.warn({ err: { message: (err as Error).message } }, 'loan_updated not delivered');
  }
}

/** loan_updated to admins only: the collateral of a loan was re-priced (no status change for the borrower). */
export async function loanCollateralRevalued(ctx: EventsContext, loan: { id: string; borrowerId: string; status: LoanStatus }, note: string) {
  try {
    await ctx.live.publish(
      { kind: 'admins' },
      { type: 'loan_updated', userId: loan.borrowerId, loanId: loan.id, status: loan.status, message: note },
    );
  } catch (err) {
    (ctx.log as Log | undefined)?.warn({ err: { message: (err as Error).message } }, 'loan_updated not delivered');
  }
}
