// The invoices' value lists and labels, without zod: the dashboard's invoice list shows them
// without building the money schemas (everything is re-exported by money.ts).

// ---------------------------------------------------------------------------------------------
// Value lists
// ---------------------------------------------------------------------------------------------

/** What a fee template (and the record an invoice belongs to) is about. */
export const feeAppliesTo = ['loan', 'sale', 'listing', 'subscription', 'other'] as const;
export type FeeAppliesTo = (typeof feeAppliesTo)[number];
export const feeAppliesToLabels: Record<FeeAppliesTo, string> = {
  loan: 'Loan',
  sale: 'Sale',
  listing: 'Listing',
  subscription: 'Subscription',
  other: 'Other',
};

/** The kind of record an invoice is for; later domains register a settlement handler per kind. */
export const invoiceRelatedKinds = ['loan', 'sale', 'listing', 'subscription', 'card', 'vault_outtake', 'other'] as const;
export type InvoiceRelatedKind = (typeof invoiceRelatedKinds)[number];

/** A line is a fixed amount or basis points (1/100 of a percent) of a base amount. */
export const feeLineTypes = ['fixed', 'bps'] as const;
export type FeeLineType = (typeof feeLineTypes)[number];

export const invoiceStatuses = ['draft', 'sent', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoiceStatusLabels: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  paid: 'Paid',
  void: 'Void',
};
/** Overdue is not stored: a sent invoice whose due date has passed. */
export const OVERDUE_LABEL = 'Overdue';
