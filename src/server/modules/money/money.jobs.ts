import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { invoices } from '#server/db/schema/money.ts';
import { z } from 'zod';
import { defineJob, enqueueJob, type JobDefinition } from '#server/lib/jobs.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { ADMIN_REFUND_JOB, runAdminRefund } from './invoice-refunds.service.ts';
import { REFUND_PAYMENT_JOB, runRefundPayment } from './refunds.ts';
import { CANCEL_PROVIDER_SUBSCRIPTION_JOB, EXPIRE_CHECKOUT_JOB, runCancelProviderSubscription, runExpireCheckout } from './checkout-expiry.ts';
import { invoiceOverdue } from './money.notifications.ts';
import { RECONCILE_DAY_JOB, runDailyReconciliation } from './reconciliation.service.ts';

export { scheduleReconciliation } from './reconciliation.service.ts';

export const OVERDUE_NOTICES_JOB = 'money.overdue_notices';
const HOUR = 60 * 60_000;

type JobContext = Pick<AppContext, 'db' | 'clock' | 'live' | 'log' | 'payments'>;

// One run per hour; the key names the hour so instances scheduling the same run make one job.
const keyFor = (t: Date) => `${OVERDUE_NOTICES_JOB}:${new Date(Math.floor(t.getTime() / HOUR) * HOUR).toISOString()}`;

export async function scheduleOverdueNotices(ctx: Pick<AppContext, 'db' | 'clock'>, input: { runAt?: Date } = {}) {
  const runAt = input.runAt ?? ctx.clock.now();
  await enqueueJob(ctx.db, { name: OVERDUE_NOTICES_JOB, runAt, key: keyFor(runAt) });
}

/**
 * Tells each member once that a sent invoice went past its due date. Overdue itself is derived;
 * `overdueNoticeAt` only records that the notice went out (claimed with a conditional update,
 * so two instances never send it twice).
 */
export async function sendOverdueNotices(ctx: JobContext): Promise<number> {
  const now = ctx.clock.now();
  const today = now.toISOString().slice(0, 10);
  // The claim and the notices it stores commit together: a failed run leaves the invoices unclaimed.
  return inTransaction(ctx, async (uow) => {
    const claimed = await uow.tx
      .update(invoices)
      .set({ overdueNoticeAt: now })
      .where(and(eq(invoices.status, 'sent'), lt(invoices.dueDate, today), isNull(invoices.overdueNoticeAt)))
      .returning({ id: invoices.id, userId: invoices.userId, number: invoices.number, totalCents: invoices.totalCents, dueDate: invoices.dueDate });
    for (const inv of claimed) await invoiceOverdue(uow, inv, now);
    return claimed.length;
  });
}

/** The overdue notices, and the jobs that act at the payment provider. */
export function moneyJobs(ctx: JobContext): JobDefinition[] {
  const { payments } = ctx;
  const overdue = defineJob({
    name: OVERDUE_NOTICES_JOB,
    payload: z.object({}),
    run: async () => {
      await sendOverdueNotices(ctx);
      const now = ctx.clock.now();
      await scheduleOverdueNotices(ctx, { runAt: new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR) });
    },
  });
  // A job queued for another provider than this instance's is left alone by its run function.
  return [
    overdue,
    defineJob({
      name: EXPIRE_CHECKOUT_JOB,
      payload: z.object({ provider: z.string(), sessionId: z.string() }),
      run: (payload) => runExpireCheckout(payments, payload),
    }),
    defineJob({
      name: CANCEL_PROVIDER_SUBSCRIPTION_JOB,
      payload: z.object({ provider: z.string(), subscriptionId: z.string() }),
      run: (payload) => runCancelProviderSubscription(payments, payload),
    }),
    defineJob({
      name: REFUND_PAYMENT_JOB,
      // Jobs queued before the ledger carry no invoice fields.
      payload: z.object({
        provider: z.string(),
        paymentId: z.string(),
        reference: z.string(),
        invoiceId: z.string().optional(),
        invoiceNumber: z.string().optional(),
        amountCents: z.number().optional(),
      }),
      run: (payload, run) => runRefundPayment(ctx, payments, payload, run),
    }),
    defineJob({
      name: ADMIN_REFUND_JOB,
      payload: z.object({ refundId: z.string() }),
      run: (payload, run) => runAdminRefund(ctx, payments, payload, run),
    }),
    defineJob({
      name: RECONCILE_DAY_JOB,
      payload: z.object({ day: z.string().optional() }),
      run: (payload) => runDailyReconciliation({ ...ctx, payments }, payload),
    }),
  ];
}
