import type { InvoiceStatus } from '#common/money.ts';

/** Members see their own invoices once sent; drafts are the admin's work in progress. */
export function memberSeesInvoice(status: InvoiceStatus): boolean {
  return status !== 'draft';
}

/** Only a sent invoice can be paid; the message says why another cannot. */
export function payRefusal(status: InvoiceStatus): 'alreadyPaid' | 'isVoid' | 'notPayable' | null {
  if (status === 'sent') return null;
  if (status === 'paid') return 'alreadyPaid';
  if (status === 'void') return 'isVoid';
  return 'notPayable';
}
