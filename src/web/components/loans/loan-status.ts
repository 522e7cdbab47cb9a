import { installmentStatusLabels, loanStatusLabels, type InstallmentStatus, type LoanStatus } from '#common/lending.ts';
import type { StatusMap } from '../status-badge.tsx';

/** Shared by the member's loans on /lend and the admin's queue on /admin/loans. */
export const loanStatusMap: StatusMap<LoanStatus> = {
  submitted: { label: loanStatusLabels.submitted, tone: 'warning' },
  conditionally_approved: { label: loanStatusLabels.conditionally_approved, tone: 'warning' },
  accepted: { label: loanStatusLabels.accepted, tone: 'neutral' },
  funded: { label: loanStatusLabels.funded, tone: 'success' },
  paid: { label: loanStatusLabels.paid, tone: 'muted' },
  defaulted: { label: loanStatusLabels.defaulted, tone: 'destructive' },
  rejected: { label: loanStatusLabels.rejected, tone: 'destructive' },
  declined: { label: loanStatusLabels.declined, tone: 'muted' },
  expired: { label: loanStatusLabels.expired, tone: 'muted' },
};

export const installmentStatusMap: StatusMap<InstallmentStatus> = {
  scheduled: { label: installmentStatusLabels.scheduled, tone: 'neutral' },
  invoiced: { label: installmentStatusLabels.invoiced, tone: 'warning' },
  paid: { label: installmentStatusLabels.paid, tone: 'success' },
  cancelled: { label: installmentStatusLabels.cancelled, tone: 'muted' },
};
