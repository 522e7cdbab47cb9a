import { formatDateUtc } from '#common/dates.ts';
import { formatCents } from '#common/format.ts';
import { moneyMessages } from '#common/money.ts';
import type { UnitOfWork } from '#server/lib/transition.ts';
import { notify } from '#server/modules/notifications/index.ts';

type Inv = { id: string; userId: string; number: string; totalCents: number; dueDate: string };

const memberLink = (inv: Inv) => `/checkout?invoice=${encodeURIComponent(inv.id)}`;
const staffLink = (inv: Inv) => `/admin/edit-invoice/${encodeURIComponent(inv.id)}`;
const people = (inv: Inv) => ({ user: { id: inv.userId, link: memberLink(inv) }, admins: { link: staffLink(inv) } });
/** Only the member: "ready to pay" is theirs; the admin who sent it has nothing to do. */
const memberOnly = (inv: Inv) => ({ user: { id: inv.userId, link: memberLink(inv) } });

/** The member hears that an invoice is ready to pay (each notification to its audience only). */
export function invoiceSent(uow: UnitOfWork, inv: Inv, now: Date) {
  const message = `${moneyMessages.invoiceSent(inv.number, formatCents(inv.totalCents))}, due ${formatDateUtc(inv.dueDate)}`;
  return notify(uow, { kind: 'invoice_sent', title: moneyMessages.invoiceSentTitle, message, ...memberOnly(inv), now });
}

/** The member (and admins) hear that an invoice is paid. */
export function invoicePaid(uow: UnitOfWork, inv: Inv, now: Date) {
  return notify(uow, {
    kind: 'invoice_paid',
    title: moneyMessages.invoicePaidTitle,
    message: moneyMessages.invoicePaid(inv.number, formatCents(inv.totalCents)),
    ...people(inv),
    now,
  });
}

/** A delayed payment (a bank debit) failed: the member hears the invoice is open to pay again. */
export function paymentFailed(uow: UnitOfWork, inv: Inv, now: Date) {
  const message = moneyMessages.paymentFailed(inv.number, formatCents(inv.totalCents));
  return notify(uow, { kind: 'invoice_sent', title: moneyMessages.paymentFailedTitle, message, variant: 'destructive', ...memberOnly(inv), now });
}

/** A sent invoice that went past its due date (the overdue-notice job). */
export function invoiceOverdue(uow: UnitOfWork, inv: Inv, now: Date) {
  const message = `Invoice ${inv.number} for ${formatCents(inv.totalCents)} is past due`;
  return notify(uow, { kind: 'invoice_overdue', title: 'Invoice overdue', message, variant: 'destructive', ...people(inv), now });
}
