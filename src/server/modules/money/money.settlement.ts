import type { InvoiceRelatedKind } from '#common/money.ts';
import { createHook } from '#server/lib/hooks.ts';
import type { UnitOfWork } from '#server/lib/transition.ts';
import type { invoices, payments } from '#server/db/schema/money.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** What a handler learns: the invoice just paid, the payment that paid it, and the provider's ids. */
export interface InvoicePaidEvent {
  invoice: InvoiceRow;
  payment: PaymentRow | null;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  now: Date;
}
export type InvoicePaidHandler = (uow: UnitOfWork, event: InvoicePaidEvent) => Promise<void>;

const invoicePaid = createHook<InvoiceRelatedKind, InvoicePaidHandler>();

/**
 * Other domains are told when their invoice is paid (decision 030): the handler runs inside the
 * settlement transaction, so the invoice is paid and the related record updated together or
 * not at all, and exactly once (a replay never reaches it). A module lists the call in its
 * definition's `listeners`; buildApp registers it (decision 139).
 */
export function onInvoicePaid(kind: InvoiceRelatedKind, handler: InvoicePaidHandler): () => void {
  return invoicePaid.on(kind, handler);
}

export async function runInvoicePaidHandlers(uow: UnitOfWork, event: InvoicePaidEvent) {
  if (!event.invoice.relatedKind) return;
  for (const h of invoicePaid.handlers(event.invoice.relatedKind)) await h(uow, event);
}
