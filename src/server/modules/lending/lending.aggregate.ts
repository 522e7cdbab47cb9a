import { installmentTransitions, loanMessages, loanTransitions, type InstallmentStatus, type LoanStatus } from '#common/lending.ts';
import { loanEvents, loanInstallmentEvents, loanInstallments, loans } from '#server/db/schema/lending.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { Aggregate } from '#server/lib/transition.ts';
import { loanUpdated } from './lending.events.ts';
import { loanMoved } from './lending.notifications.ts';

export type LoanRow = typeof loans.$inferSelect;

/** Loan status changes through the shared building block (decision 011): history, audit, notifications, loan_updated. */
export const loanAggregate: Aggregate<LoanStatus, LoanRow> = {
  name: 'loan',
  table: loans,
  idColumn: loans.id,
  statusColumn: loans.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: loanTransitions,
  recordHistory: async (tx, e) => {
    const note = typeof e.data?.note === 'string' ? e.data.note : null;
    await tx.insert(loanEvents).values({ loanId: e.id, fromStatus: e.from, toStatus: e.to, note, actorId: e.actorId, at: e.at });
  },
  conflict: (current) => new AppError('conflict', loanMessages.stale(current)),
  notFound: () => notFound(loanMessages.notFound),
  announce: (ctx, row) => loanUpdated(ctx, row),
  notify: (uow, row, now, move) => loanMoved(uow, row, now, move),
};

export type InstallmentRow = typeof loanInstallments.$inferSelect;

/**
 * Installment status changes (decision 136). An installment is keyed by loan and number, so it
 * moves with transitionMany and a `where` naming both, never by id alone. Its moves are
 * bookkeeping of the loan's own (audited there), so no audit row of their own.
 */
export const installmentAggregate: Aggregate<InstallmentStatus, InstallmentRow> = {
  name: 'loan_installment',
  table: loanInstallments,
  idColumn: loanInstallments.loanId,
  statusColumn: loanInstallments.status,
  statusKey: 'status',
  transitions: installmentTransitions,
  audited: false,
  recordHistory: async (tx, e) => {
    const note = typeof e.data?.note === 'string' ? e.data.note : null;
    await tx
      .insert(loanInstallmentEvents)
      .values({ loanId: e.row.loanId, number: e.row.number, fromStatus: e.from, toStatus: e.to, note, actorId: e.actorId, at: e.at });
  },
  conflict: () => new AppError('conflict', 'This installment changed meanwhile'),
  notFound: () => notFound(loanMessages.notFound),
};
