import { installmentStatusLabels, loanStatusLabels, type InstallmentStatus, type LoanStatus } from '#common/lending.ts';
import { statusMap } from '../status-badge.tsx';

/** Shared by the member's loans on /lend and the admin's queue on /admin/loans. */
export const loanStatusMap = statusMap<LoanStatus>(loanStatusLabels, {
  submitted: 'warning',
  conditionally_approved: 'warning',
  accepted: 'neutral',
  funded: 'success',
  paid: 'muted',
  defaulted: 'destructive',
  rejected: 'destructive',
  declined: 'muted',
  expired: 'muted',
});

export const installmentStatusMap = statusMap<InstallmentStatus>(installmentStatusLabels, {
  scheduled: 'neutral',
  invoiced: 'warning',
  paid: 'success',
  cancelled: 'muted',
});
