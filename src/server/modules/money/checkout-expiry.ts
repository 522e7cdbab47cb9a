import { and, eq } from 'drizzle-orm';
import { payments } from '#server/db/schema/money.ts';
import { enqueueJob } from '#server/lib/jobs.ts';
import type { UnitOfWork } from '#server/lib/transition.ts';
import type { PaymentProvider } from '#server/providers/payments/payments.provider.ts';
import type { InvoiceRow } from './money.settlement.ts';

export const EXPIRE_CHECKOUT_JOB = 'money.expire_checkout';
export const CANCEL_PROVIDER_SUBSCRIPTION_JOB = 'money.cancel_provider_subscription';

/**
 * A plan switch: the new membership started (in the settlement transaction), so the old one is
 * cancelled at the provider too, or the member would be billed for both. Queued in that
 * transaction, run after it commits, retried until the provider answers.
 */
export async function cancelAtProviderLater(uow: UnitOfWork, sub: { provider: string; providerSubscriptionId: string }, now: Date) {
  await enqueueJob(uow.tx, {
    name: CANCEL_PROVIDER_SUBSCRIPTION_JOB,
    runAt: now,
    key: `${CANCEL_PROVIDER_SUBSCRIPTION_JOB}:${sub.providerSubscriptionId}`,
    payload: { provider: sub.provider, subscriptionId: sub.providerSubscriptionId },
  });
}

export async function runCancelProviderSubscription(provider: PaymentProvider, payload: { provider: string; subscriptionId: string }) {
  if (payload.provider !== provider.name) return;
  await provider.cancelSubscription(payload.subscriptionId);
}

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
    await enqueueJob(uow.tx, {
      name: EXPIRE_CHECKOUT_JOB,
      runAt: now,
      key: `${EXPIRE_CHECKOUT_JOB}:${p.sessionId}`,
      payload: { provider: p.provider, sessionId: p.sessionId },
    });
  }
}

/** The job: closes the session at the provider (one already closed is done). */
export async function runExpireCheckout(provider: PaymentProvider, payload: { provider: string; sessionId: string }) {
  if (payload.provider !== provider.name) return;
  await provider.expireCheckout(payload.sessionId);
}
