import { and, eq } from 'drizzle-orm';
import { payments } from '#server/db/schema/money.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import type { UnitOfWork } from '#server/lib/transition.ts';
import type { PaymentProvider } from '#server/providers/payments/payments.provider.ts';
import type { InvoiceRow } from './money.settlement.ts';

export const EXPIRE_CHECKOUT_JOB = 'money.expire_checkout';

/**
 * An invoice that can no longer be paid (voided by an admin, or by a reservation lapsing or being
 * cancelled) must not leave a session open at the provider that could still take money. The
 * provider call is a durable job queued in the voiding transaction: it runs only if the void
 * commits, and is retried until the provider answers.
 */
export async function expireOpenCheckouts(uow: UnitOfWork, invoice: Pick<InvoiceRow, 'id'>, now: Date) {
  const open = await uow.tx
    .select({ provider: payments.provider, sessionId: payments.sessionId })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'pending')));
  for (const p of open) {
    if (p.provider === 'test') continue;
    await enqueueJob(uow.tx, { name: EXPIRE_CHECKOUT_JOB, runAt: now, key: `${EXPIRE_CHECKOUT_JOB}:${p.sessionId}`, payload: { provider: p.provider, sessionId: p.sessionId } });
  }
}

/** The job: closes the session at the provider (one already closed is done). */
export async function runExpireCheckout(provider: PaymentProvider, payload: Record<string, unknown>) {
  if (payload.provider !== provider.name || typeof payload.sessionId !== 'string') return;
  await provider.expireCheckout(payload.sessionId);
}
