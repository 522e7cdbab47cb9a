import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { moneyMessages, type CheckoutSession, type PaymentStatus } from '#common/money.ts';
import type { Actor, SignedInActor } from '#server/context.ts';
import { invoices, payments, subscriptionPlans } from '#server/db/schema/money.ts';
import { AppError, notFound } from '#server/errors.ts';
import { inTransaction, transition, transitionMany, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import { WebhookPayloadError, WebhookSignatureError, type PaymentEvent } from '#server/providers/payments/payments.provider.ts';
import { invoiceAggregate } from './invoices.service.ts';
import { paymentAggregate } from './money.aggregates.ts';
import type { MoneyContext } from './money.context.ts';
import { paymentFailed } from './money.notifications.ts';
import { memberSeesInvoice, payRefusal } from './money.policy.ts';
import { chargeRefunded } from './invoice-refunds.service.ts';
import { refundLater } from './refunds.ts';
import { runInvoicePaidHandlers, type InvoiceRow, type PaymentRow } from './money.settlement.ts';
import { subscriptionChanged, subscriptionRenewed } from './subscriptions.service.ts';

type Ctx = Pick<MoneyContext, 'db' | 'live' | 'clock' | 'log' | 'config' | 'payments'>;

const system = { user: null, impersonatorId: null, ip: null };

/**
 * The invoice's open session, when it has one the provider still holds open: a second checkout
 * reuses it instead of opening another that could take the money a second time. A session the
 * provider has closed is marked so here.
 */
async function openSessionFor(ctx: Ctx, invoiceId: string): Promise<{ url: string } | null> {
  const pending = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.provider, ctx.payments.name), unsettled));
  if (pending.some((p) => p.status === 'processing')) throw new AppError('conflict', moneyMessages.paymentProcessing);
  for (const p of pending) {
    let found: Awaited<ReturnType<Ctx['payments']['getCheckout']>>;
    try {
      found = await ctx.payments.getCheckout(p.sessionId);
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, provider: ctx.payments.name }, 'checkout session not read');
      throw new AppError('unavailable', moneyMessages.providerUnavailable);
    }
    if (found.status === 'open' && found.url) return { url: found.url };
    // Completed: its webhook settles it (or is on its way); another session must not be opened.
    if (found.status === 'complete') throw new AppError('conflict', moneyMessages.paymentProcessing);
    await expire(ctx, p.id);
  }
  return null;
}

/** Marks a pending payment expired (one the provider has closed); a settled one is left as it is. */
async function expire(ctx: Ctx, paymentId: string) {
  const now = ctx.clock.now();
  await ctx.db.transaction((tx) =>
    transitionMany({ tx }, paymentAggregate, {
      where: eq(payments.id, paymentId),
      from: ['pending'],
      to: 'expired',
      actor: system,
      now,
      patch: { failureReason: 'expired' },
    }),
  );
}

/**
 * Refuses a membership checkout while another of the member's is still open at the provider or
 * processing; one the provider has closed is marked so and does not count.
 */
export async function refuseOpenSubscriptionCheckout(ctx: Ctx, userId: string) {
  const open = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'subscription'), eq(payments.provider, ctx.payments.name), unsettled));
  for (const p of open) {
    if (p.status === 'processing') throw new AppError('conflict', moneyMessages.subscriptionPending);
    // The test provider takes no money: an abandoned test checkout is simply closed.
    if (p.provider === 'test') {
      await closeSession(ctx, {
        provider: 'test',
        sessionId: p.sessionId,
        status: 'expired',
        eventId: `test_superseded_${p.sessionId}`,
        reason: 'superseded',
      });
      continue;
    }
    let found: Awaited<ReturnType<Ctx['payments']['getCheckout']>>;
    try {
      found = await ctx.payments.getCheckout(p.sessionId);
    } catch (err) {
      ctx.log.warn({ err: { message: (err as Error).message }, provider: ctx.payments.name }, 'checkout session not read');
      throw new AppError('unavailable', moneyMessages.providerUnavailable);
    }
    if (found.status !== 'expired') throw new AppError('conflict', moneyMessages.subscriptionPending);
    await expire(ctx, p.id);
  }
}

/** Opens a provider checkout for one payable invoice (or reuses its open one) and records the attempt. */
export async function openCheckout(
  ctx: Ctx,
  actor: SignedInActor,
  input: { invoice: InvoiceRow; kind: 'invoice' | 'subscription'; planId?: string; description: string },
): Promise<{ url: string }> {
  const reused = await openSessionFor(ctx, input.invoice.id);
  if (reused) return reused;
  const paymentId = randomUUID();
  const origin = ctx.config.appOrigin;
  const successPath = input.kind === 'subscription' ? '/subscription-success' : '/payment-success';
  // One key per attempt at this invoice: two checkouts racing send the same key and get one session.
  const [{ attempts }] = await ctx.db
    .select({ attempts: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.invoiceId, input.invoice.id));
  const idempotencyKey = `checkout:${input.invoice.id}:${attempts}`;
  let session: { sessionId: string; url: string };
  try {
    session = await ctx.payments.createCheckout({
      kind: input.kind,
      idempotencyKey,
      invoiceId: input.invoice.id,
      description: input.description,
      amountCents: input.invoice.totalCents,
      successUrl: `${origin}${successPath}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: input.kind === 'subscription' ? `${origin}/subscribe` : `${origin}/checkout?invoice=${input.invoice.id}`,
    });
  } catch (err) {
    ctx.log.warn({ err: { message: (err as Error).message }, provider: ctx.payments.name }, 'checkout session not created');
    throw new AppError('unavailable', moneyMessages.providerUnavailable);
  }
  const now = ctx.clock.now();
  await inTransaction(ctx, async ({ tx }) => {
    const inserted = await tx
      .insert(payments)
      .values({
        id: paymentId,
        invoiceId: input.invoice.id,
        userId: actor.user.id,
        kind: input.kind,
        planId: input.planId ?? null,
        provider: ctx.payments.name,
        sessionId: session.sessionId,
        amountCents: input.invoice.totalCents,
        createdAt: now,
        updatedAt: now,
      })
      // The racing checkout that got the same session from the provider recorded it already.
      .onConflictDoNothing({ target: [payments.provider, payments.sessionId] })
      .returning({ id: payments.id });
    if (!inserted.length) return;
    await audit(tx, {
      ...auditBy(actor),
      action: 'payment.checkout_opened',
      targetType: 'invoice',
      targetId: input.invoice.id,
      data: { provider: ctx.payments.name },
      at: now,
    });
  });
  return { url: session.url };
}

/** POST /api/checkout: the member's own sent invoice (409 when paid or void). */
export async function checkout(ctx: Ctx, actor: SignedInActor, input: { invoiceId: string }) {
  const [inv] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, input.invoiceId), eq(invoices.userId, actor.user.id)))
    .limit(1);
  if (!inv || !memberSeesInvoice(inv.status)) throw notFound(moneyMessages.invoiceNotFound);
  const refusal = payRefusal(inv.status);
  if (refusal) throw new AppError('conflict', moneyMessages[refusal]);
  return openCheckout(ctx, actor, { invoice: inv, kind: 'invoice', description: `Invoice ${inv.number}` });
}

async function sessionView(ctx: Pick<Ctx, 'db'>, p: PaymentRow): Promise<CheckoutSession> {
  const [inv] = await ctx.db.select().from(invoices).where(eq(invoices.id, p.invoiceId)).limit(1);
  const [plan] = p.planId ? await ctx.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, p.planId)).limit(1) : [];
  return {
    sessionId: p.sessionId,
    provider: p.provider,
    kind: p.kind,
    status: p.status,
    amountCents: p.amountCents,
    invoice: { id: inv!.id, number: inv!.number, status: inv!.status, totalCents: inv!.totalCents, paidAt: inv!.paidAt?.toISOString() ?? null },
    plan: plan ? { id: plan.id, name: plan.name, priceCents: plan.priceCents } : null,
    ...(p.status === 'failed' && inv!.status === 'void' && inv!.relatedKind === 'sale' ? { reservationEnded: true } : {}),
  };
}

async function ownPayment(ctx: Pick<Ctx, 'db'>, actor: SignedInActor, sessionId: string) {
  const [p] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.sessionId, sessionId), eq(payments.userId, actor.user.id)))
    .limit(1);
  if (!p) throw notFound(moneyMessages.sessionNotFound);
  return p;
}

/** GET /api/checkout/session/{id}: the member's own session, for the success pages. */
export async function checkoutSession(ctx: Ctx, actor: SignedInActor, input: { sessionId: string }) {
  return sessionView(ctx, await ownPayment(ctx, actor, input.sessionId));
}

/** A payment not yet settled: opened, or completed with a delayed method and waiting for the money. */
const unsettled = inArray(payments.status, ['pending', 'processing']);

export type SettleOutcome = 'paid' | 'replay' | 'already_settled' | 'refused' | 'unknown_session';

/**
 * The one settlement path (test completions and Stripe webhooks): the payment moves from
 * pending once, the invoice from sent to paid once, the related record's handlers run in the
 * same transaction. A replayed event, a second completion or a wrong amount changes nothing paid.
 */
export async function settlePayment(
  ctx: Ctx,
  input: {
    provider: 'test' | 'stripe';
    sessionId: string;
    amountCents: number;
    currency?: string;
    eventId: string;
    reference: string;
    customerId?: string | null;
    subscriptionId?: string | null;
  },
): Promise<SettleOutcome> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, input.provider), eq(payments.sessionId, input.sessionId)))
      .limit(1);
    if (!p) {
      ctx.log.warn({ provider: input.provider, eventId: input.eventId }, 'payment event for an unknown session');
      return 'unknown_session';
    }
    if (p.eventIds.includes(input.eventId)) return 'replay';
    if (p.status !== 'pending' && p.status !== 'processing') return 'already_settled';
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, p.invoiceId)).limit(1);
    const seen = sql`${payments.eventIds} || ${JSON.stringify([input.eventId])}::jsonb`;
    if (input.amountCents !== p.amountCents || input.amountCents !== inv!.totalCents) {
      ctx.log.warn(
        {
          provider: input.provider,
          eventId: input.eventId,
          invoiceId: p.invoiceId,
          expectedCents: inv!.totalCents,
          receivedCents: input.amountCents,
        },
        'payment amount does not match the invoice; refused',
      );
      if (!(await refusePayment(uow, p.id, 'amount_mismatch', seen, now)).length) return 'replay';
      await audit(tx, {
        actorId: null,
        ip: null,
        action: 'payment.amount_mismatch',
        targetType: 'invoice',
        targetId: p.invoiceId,
        data: { expectedCents: inv!.totalCents, receivedCents: input.amountCents },
        at: now,
      });
      await refundLater(
        uow,
        { payment: p, invoice: inv!, reference: input.reference, amountCents: input.amountCents, reason: 'amount_mismatch' },
        now,
      );
      return 'refused';
    }
    // Invoices are in US dollars: the same number of cents in another currency is not payment.
    if ((input.currency ?? 'usd') !== 'usd') {
      ctx.log.warn(
        { provider: input.provider, eventId: input.eventId, invoiceId: p.invoiceId, currency: input.currency },
        'payment in another currency; refused',
      );
      if (!(await refusePayment(uow, p.id, 'currency_mismatch', seen, now)).length) return 'replay';
      await audit(tx, {
        actorId: null,
        ip: null,
        action: 'payment.currency_mismatch',
        targetType: 'invoice',
        targetId: p.invoiceId,
        data: { currency: input.currency ?? null },
        at: now,
      });
      await refundLater(
        uow,
        { payment: p, invoice: inv!, reference: input.reference, amountCents: input.amountCents, reason: 'currency_mismatch' },
        now,
      );
      return 'refused';
    }
    if (inv!.status !== 'sent') {
      ctx.log.warn(
        { provider: input.provider, eventId: input.eventId, invoiceId: p.invoiceId, status: inv!.status },
        'payment for an invoice that is not payable; refused',
      );
      if (!(await refusePayment(uow, p.id, `invoice_${inv!.status}`, seen, now)).length) return 'already_settled';
      await refundLater(
        uow,
        { payment: p, invoice: inv!, reference: input.reference, amountCents: input.amountCents, reason: `invoice_${inv!.status}` },
        now,
      );
      return inv!.status === 'paid' ? 'already_settled' : 'refused';
    }
    // The invoice's conditional update is the lock: of two concurrent completions (of this
    // session or of two sessions for one invoice) exactly one moves it; the other learns it here.
    let paid: InvoiceRow;
    try {
      paid = await transition(uow, invoiceAggregate, {
        id: inv!.id,
        from: 'sent',
        to: 'paid',
        actor: system,
        now,
        patch: { paidAt: now, paymentReference: input.reference },
        data: { provider: input.provider, sessionId: input.sessionId },
      });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'conflict') throw err;
      // Another delivery of this same session settled it: a duplicate, nothing captured twice.
      if (!(await refusePayment(uow, p.id, 'invoice_already_settled', seen, now)).length) return 'already_settled';
      await refundLater(
        uow,
        { payment: p, invoice: inv!, reference: input.reference, amountCents: input.amountCents, reason: 'invoice_already_settled' },
        now,
      );
      return 'already_settled';
    }
    const [won] = await transitionMany(uow, paymentAggregate, {
      where: eq(payments.id, p.id),
      from: ['pending', 'processing'],
      to: 'succeeded',
      actor: system,
      now,
      patch: { intentId: input.reference, eventIds: seen },
    });
    if (!won) throw new AppError('conflict', moneyMessages.staleStatus);
    await runInvoicePaidHandlers(uow, {
      invoice: paid,
      payment: won,
      providerCustomerId: input.customerId ?? null,
      providerSubscriptionId: input.subscriptionId ?? null,
      now,
    });
    return 'paid';
  });
}

/** A payment that was pending or processing (unsettled) fails: the event is kept, the invoice stays as it is. */
/**
 * Marks a payment failed if it is still unsettled; the rows it moved. None when a concurrent
 * delivery of the same session settled or failed it first: that delivery owns the money, and this
 * one must not refund it.
 */
async function refusePayment(uow: UnitOfWork, paymentId: string, reason: string, seen: SQL, now: Date) {
  return transitionMany(uow, paymentAggregate, {
    where: eq(payments.id, paymentId),
    from: ['pending', 'processing'],
    to: 'failed',
    actor: system,
    now,
    patch: { failureReason: reason, eventIds: seen },
  });
}

async function closeSession(
  ctx: Ctx,
  input: { provider: 'test' | 'stripe'; sessionId: string; status: Extract<PaymentStatus, 'failed' | 'expired'>; eventId: string; reason: string },
) {
  const now = ctx.clock.now();
  await ctx.db.transaction((tx) =>
    transitionMany({ tx }, paymentAggregate, {
      where: and(eq(payments.provider, input.provider), eq(payments.sessionId, input.sessionId)),
      from: ['pending'],
      to: input.status,
      actor: system,
      now,
      patch: { failureReason: input.reason, eventIds: sql`${payments.eventIds} || ${JSON.stringify([input.eventId])}::jsonb` },
    }),
  );
}

/**
 * Completed with a delayed method (`payment_status: unpaid`): no money yet. The payment shows as
 * processing, the invoice stays payable only through this payment (a new checkout is refused)
 * until `async_payment_succeeded` settles it or `async_payment_failed` reopens it.
 */
async function paymentProcessing(ctx: Ctx, input: { sessionId: string; eventId: string }): Promise<'processing' | 'replay' | 'unknown_session'> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'stripe'), eq(payments.sessionId, input.sessionId)))
      .limit(1);
    if (!p) return 'unknown_session';
    if (p.eventIds.includes(input.eventId) || p.status !== 'pending') return 'replay';
    const [moved] = await transitionMany(uow, paymentAggregate, {
      where: eq(payments.id, p.id),
      from: ['pending'],
      to: 'processing',
      actor: system,
      now,
      patch: { eventIds: sql`${payments.eventIds} || ${JSON.stringify([input.eventId])}::jsonb` },
    });
    if (moved)
      await audit(tx, {
        actorId: null,
        ip: null,
        action: 'payment.processing',
        targetType: 'invoice',
        targetId: p.invoiceId,
        data: { provider: 'stripe' },
        at: now,
      });
    return moved ? 'processing' : 'replay';
  });
}

/** `async_payment_failed`: the delayed payment did not arrive; the invoice is open again and the member is told, once. */
async function delayedPaymentFailed(ctx: Ctx, input: { sessionId: string; eventId: string }): Promise<'failed' | 'replay' | 'unknown_session'> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (uow) => {
    const { tx } = uow;
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'stripe'), eq(payments.sessionId, input.sessionId)))
      .limit(1);
    if (!p) return 'unknown_session';
    const [moved] = await refusePayment(
      uow,
      p.id,
      'async_payment_failed',
      sql`${payments.eventIds} || ${JSON.stringify([input.eventId])}::jsonb`,
      now,
    );
    if (!moved) return 'replay';
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, p.invoiceId)).limit(1);
    await audit(tx, {
      actorId: null,
      ip: null,
      action: 'payment.failed',
      targetType: 'invoice',
      targetId: p.invoiceId,
      data: { provider: 'stripe', reason: 'async_payment_failed' },
      at: now,
    });
    if (inv && inv.status === 'sent') await paymentFailed(uow, inv, now);
    return 'failed';
  });
}

function requireTestProvider(ctx: Ctx) {
  if (ctx.payments.name !== 'test') throw notFound(moneyMessages.testProviderOnly);
}

/** POST /api/payment-test/{id}/complete: the test provider's "payment succeeded", through settlement. */
export async function completeTestPayment(ctx: Ctx, actor: SignedInActor, input: { sessionId: string }) {
  requireTestProvider(ctx);
  const p = await ownPayment(ctx, actor, input.sessionId);
  if (p.status === 'failed' || p.status === 'expired') throw new AppError('conflict', moneyMessages.sessionClosed);
  await settlePayment(ctx, {
    provider: 'test',
    sessionId: p.sessionId,
    amountCents: p.amountCents,
    eventId: `test_complete_${p.sessionId}`,
    reference: p.sessionId,
  });
  return sessionView(ctx, await ownPayment(ctx, actor, input.sessionId));
}

/** POST /api/payment-test/{id}/decline: the test provider's "card declined". */
export async function declineTestPayment(ctx: Ctx, actor: SignedInActor, input: { sessionId: string }) {
  requireTestProvider(ctx);
  const p = await ownPayment(ctx, actor, input.sessionId);
  if (p.status === 'succeeded') throw new AppError('conflict', moneyMessages.alreadyPaid);
  await closeSession(ctx, { provider: 'test', sessionId: p.sessionId, status: 'failed', eventId: `test_decline_${p.sessionId}`, reason: 'declined' });
  return sessionView(ctx, await ownPayment(ctx, actor, input.sessionId));
}

/** POST /api/webhooks/stripe: verified on the raw body; unsigned, stale or forged deliveries change nothing. */
export async function handleStripeWebhook(ctx: Ctx, _actor: Actor, input: { rawBody: Buffer; signature: string | undefined }) {
  if (ctx.payments.name !== 'stripe') throw notFound();
  let event: PaymentEvent;
  try {
    event = ctx.payments.parseWebhook(input.rawBody, input.signature);
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      ctx.log.warn({ reason: err.message.slice(0, 200) }, 'stripe webhook refused: signature');
      throw new AppError('bad_request', moneyMessages.stripeSignature);
    }
    if (err instanceof WebhookPayloadError) {
      ctx.log.warn({ reason: err.message.slice(0, 200) }, 'stripe webhook refused: malformed event');
      throw new AppError('bad_request', moneyMessages.stripeMalformed);
    }
    throw err;
  }
  switch (event.type) {
    case 'session_completed':
      return settlePayment(ctx, {
        provider: 'stripe',
        sessionId: event.sessionId,
        amountCents: event.amountCents,
        currency: event.currency,
        eventId: event.eventId,
        reference: event.reference,
        customerId: event.customerId,
        subscriptionId: event.subscriptionId,
      });
    case 'session_processing':
      return paymentProcessing(ctx, { sessionId: event.sessionId, eventId: event.eventId });
    case 'session_failed':
      return delayedPaymentFailed(ctx, { sessionId: event.sessionId, eventId: event.eventId });
    case 'session_expired':
      await closeSession(ctx, { provider: 'stripe', sessionId: event.sessionId, status: 'expired', eventId: event.eventId, reason: 'expired' });
      return 'expired';
    case 'subscription_renewed':
      return subscriptionRenewed(ctx, event);
    case 'subscription_changed':
      return subscriptionChanged(ctx, event);
    case 'charge_refunded':
      return chargeRefunded(ctx, event);
    default:
      return 'ignored';
  }
}
