import { formatCents } from '#common/format.ts';
import { moneyMessages } from '#common/money.ts';
import type { EventsContext } from '#server/lib/transition.ts';

type Log = { warn: (o: object, m: string) => void };

async function notify(ctx: Pick<EventsContext, 'live' | 'log'>, userId: string, title: string, message: string) {
  try {
    await ctx.live.publish([{ kind: 'user', userId }, { kind: 'admins' }], { type: 'notification', userId, title, message });
  } catch (err) {
    (ctx.log as Log | undefined)?.warn({ err: { message: (err as Error).message } }, 'notification not delivered');
  }
}

/** The member (and admins) hear that an invoice is ready to pay. */
export function invoiceSent(ctx: Pick<EventsContext, 'live' | 'log'>, inv: { userId: string; number: string; totalCents: number }) {
  return notify(ctx, inv.userId, moneyMessages.invoiceSentTitle, moneyMessages.invoiceSent(inv.number, formatCents(inv.totalCents)));
}

/** The member (and admins) hear that an invoice is paid. */
export function invoicePaid(ctx: Pick<EventsContext, 'live' | 'log'>, inv: { userId: string; number: string; totalCents: number }) {
  return notify(ctx, inv.userId, moneyMessages.invoicePaidTitle, moneyMessages.invoicePaid(inv.number, formatCents(inv.totalCents)));
}

/** A sent invoice that went past its due date (the overdue-notice job). */
export function invoiceOverdue(ctx: Pick<EventsContext, 'live' | 'log'>, inv: { userId: string; number: string; totalCents: number }) {
  return notify(ctx, inv.userId, 'Invoice overdue', `Invoice ${inv.number} for ${formatCents(inv.totalCents)} is past due`);
}
