import { formatCents } from '#common/format.ts';
import { enqueueJob, type JobAttempt } from '#server/lib/jobs.ts';
import { inTransaction, type EventsContext, type UnitOfWork } from '#server/lib/transition.ts';
import { audit } from '#server/lib/audit.ts';
import { postCaptureRefused, postRefund } from '#server/modules/ledger/index.ts';
import { notify } from '#server/modules/notifications/index.ts';
import type { PaymentProvider } from '#server/providers/payments/payments.provider.ts';
import { cancelAtProviderLater } from './checkout-expiry.ts';
import { refundUnconfirmed } from './invoice-refunds.service.ts';
import type { InvoiceRow, PaymentRow } from './money.settlement.ts';

export const REFUND_PAYMENT_JOB = 'money.refund_payment';

/**
 * Money the provider captured for an invoice that could not take it (already paid by another
 * session, void, a wrong amount or currency) is given back, never only logged: a durable refund
 * job queued in the settlement transaction (so it runs once that commits, retried until the
 * provider answers, one refund per payment by its idempotency key), an audit row, and every
 * admin told. A membership's subscription is also cancelled at the provider, and its first
 * invoice's payment refunded. Only a capture with no reference the provider can refund (neither a
 * payment intent nor a subscription) is left to an admin, who is told so.
 */
export async function refundLater(
  uow: UnitOfWork,
  input: { payment: PaymentRow; invoice: Pick<InvoiceRow, 'id' | 'number'>; reference: string; amountCents: number; reason: string },
  now: Date,
) {
  const { payment, invoice } = input;
  if (payment.provider === 'test') return; // the test provider captures nothing
  const membership = input.reference.startsWith('sub_');
  const automatic = input.reference.startsWith('pi_') || membership;
  // The captured money is on the ledger at once, as owed back (decision 132).
  await postCaptureRefused(uow.tx, {
    paymentId: payment.id,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    amountCents: input.amountCents,
    at: now,
    reference: input.reference,
  });
  if (automatic) {
    await enqueueJob(uow.tx, {
      name: REFUND_PAYMENT_JOB,
      runAt: now,
      key: `${REFUND_PAYMENT_JOB}:${payment.id}`,
      payload: {
        provider: payment.provider,
        paymentId: payment.id,
        reference: input.reference,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        amountCents: input.amountCents,
      },
    });
  }
  if (membership) await cancelAtProviderLater(uow, { provider: payment.provider, providerSubscriptionId: input.reference }, now);
  await audit(uow.tx, {
    actorId: null,
    ip: null,
    action: automatic ? 'payment.refund_queued' : 'payment.refund_needed',
    targetType: 'invoice',
    targetId: invoice.id,
    data: { paymentId: payment.id, amountCents: input.amountCents, reason: input.reason },
    at: now,
  });
  const what = `${formatCents(input.amountCents)} for invoice ${invoice.number} was captured after the invoice could no longer take it (${input.reason.replace(/_/g, ' ')})`;
  await notify(uow, {
    kind: 'payment_refunded',
    title: automatic ? 'Payment being refunded' : 'Payment to refund by hand',
    message: automatic
      ? `${what}; it is being refunded${membership ? ' and the membership cancelled at the provider' : ''}`
      : `${what}; the provider gave no payment to refund, refund it there`,
    variant: 'destructive',
    admins: { link: `/admin/edit-invoice/${encodeURIComponent(invoice.id)}` },
    now,
  });
}

/** Refunds at the provider, then books the refund (once, keyed by the payment) when the provider confirmed it. */
export async function runRefundPayment(
  ctx: EventsContext & { clock: { now(): Date } },
  provider: PaymentProvider,
  payload: { provider: string; paymentId: string; reference: string; invoiceId?: string; invoiceNumber?: string; amountCents?: number },
  run?: JobAttempt,
) {
  if (payload.provider !== provider.name) return;
  const { invoiceId, invoiceNumber, amountCents } = payload;
  let refunded: { reference?: string };
  try {
    refunded = await provider.refund({ reference: payload.reference, idempotencyKey: `refund:${payload.paymentId}` });
  } catch (err) {
    // After the last try, a person has to look: the money is still owed back.
    if (run && run.attempt >= run.maxAttempts && typeof invoiceId === 'string' && typeof amountCents === 'number') {
      await refundUnconfirmed(ctx, { refundId: payload.paymentId, invoiceId, amountCents, error: err });
    }
    throw err;
  }
  if (typeof invoiceId !== 'string' || typeof invoiceNumber !== 'string' || typeof amountCents !== 'number') return; // queued before the ledger
  await inTransaction(ctx, (uow) =>
    postRefund(uow.tx, {
      id: payload.paymentId,
      invoiceId,
      invoiceNumber,
      amountCents,
      at: ctx.clock.now(),
      reference: refunded.reference ?? payload.reference,
    }),
  );
}
