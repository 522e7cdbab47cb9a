import type { StatusMap } from '#web/components/status-badge.tsx';
import { feeAppliesToLabels, invoiceStatusLabels, OVERDUE_LABEL, type FeeAppliesTo, type Invoice, type InvoiceStatus } from '#common/money.ts';

export const appliesToLabels: Record<FeeAppliesTo, string> = feeAppliesToLabels;

/** `overdue` is not stored: a sent invoice past its due date shows it in red. */
export type InvoiceBadge = InvoiceStatus | 'overdue';
export const invoiceStatusStyles: StatusMap<InvoiceBadge> = {
  draft: { label: invoiceStatusLabels.draft, tone: 'muted' },
  sent: { label: invoiceStatusLabels.sent, tone: 'warning' },
  overdue: { label: OVERDUE_LABEL, tone: 'destructive' },
  paid: { label: invoiceStatusLabels.paid, tone: 'success' },
  void: { label: invoiceStatusLabels.void, tone: 'neutral' },
};
export const invoiceBadge = (i: Pick<Invoice, 'status' | 'overdue'>): InvoiceBadge => (i.status === 'sent' && i.overdue ? 'overdue' : i.status);
