import type { StatusMap } from '#web/components/status-badge.tsx';
import { feeAppliesToLabels, invoiceStatusLabels, OVERDUE_LABEL, type FeeAppliesTo, type Invoice, type InvoiceStatus } from '#common/money.ts';

export const appliesToLabels: Record<FeeAppliesTo, string> = feeAppliesToLabels;

/**
 * `overdue` and `processing` are not stored: a sent invoice past its due date shows in red, one
 * whose delayed payment (a bank debit) is on its way shows that, so nobody chases a member who paid.
 */
export type InvoiceBadge = InvoiceStatus | 'overdue' | 'processing';
export const invoiceStatusStyles: StatusMap<InvoiceBadge> = {
  draft: { label: invoiceStatusLabels.draft, tone: 'muted' },
  sent: { label: invoiceStatusLabels.sent, tone: 'warning' },
  overdue: { label: OVERDUE_LABEL, tone: 'destructive' },
  processing: { label: 'Payment processing', tone: 'neutral' },
  paid: { label: invoiceStatusLabels.paid, tone: 'success' },
  void: { label: invoiceStatusLabels.void, tone: 'neutral' },
};
export const invoiceBadge = (i: Pick<Invoice, 'status' | 'overdue' | 'processing'>): InvoiceBadge =>
  i.status === 'sent' && i.processing ? 'processing' : i.status === 'sent' && i.overdue ? 'overdue' : i.status;
