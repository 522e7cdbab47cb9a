import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import type { CheckoutKind, PaymentProviderName } from '#common/money.ts';
import type { Config } from '#server/config.ts';

/** What to charge: one line, in cents, for an invoice or a month of a plan. */
export interface CheckoutRequest {
  kind: CheckoutKind;
  invoiceId: string;
  /**
   * Sent as the `Idempotency-Key`: the same key gives the same session, so a retried or racing
   * create for one invoice opens one session, not two.
   */
  idempotencyKey: string;
  description: string;
  amountCents: number;
  /** Absolute URLs; `{CHECKOUT_SESSION_ID}` is replaced by the provider. */
  successUrl: string;
  cancelUrl: string;
}

/** Where an event stands in time: the provider's `created`, then the object's own latest timestamp. */
export interface EventOrder {
  eventId: string;
  createdAt: Date;
  objectAt: Date | null;
}

/** A provider event in our words; settlement acts only on these. */
export type PaymentEvent =
  | {
      type: 'session_completed';
      eventId: string;
      sessionId: string;
      amountCents: number;
      currency: string;
      reference: string;
      customerId: string | null;
      subscriptionId: string | null;
    }
  | { type: 'session_processing'; eventId: string; sessionId: string }
  | { type: 'session_failed'; eventId: string; sessionId: string }
  | { type: 'session_expired'; eventId: string; sessionId: string }
  | ({
      type: 'subscription_renewed';
      subscriptionId: string;
      periodEnd: Date | null;
      /** The money of a renewal (not the first period, which its checkout settled); keyed by the provider's invoice. */
      charge: { providerInvoiceId: string; amountCents: number; reference: string } | null;
    } & EventOrder)
  | ({ type: 'subscription_changed'; subscriptionId: string; status: 'active' | 'past_due' | 'canceled'; periodEnd: Date | null } & EventOrder)
  | { type: 'charge_refunded'; eventId: string; reference: string; refunds: { id: string; amountCents: number; ourRefundId: string | null }[] }
  | { type: 'ignored'; eventId: string; providerType: string };

/** What the provider says moved in a window, for reconciliation (decision 138). */
export interface ProviderActivity {
  /** Captured payments: the payment intent (or the charge when it has none) and the amount. */
  payments: { reference: string; amountCents: number; currency: string }[];
  /** Refunds that went through, by the payment intent they gave back. */
  refunds: { id: string; reference: string; amountCents: number; currency: string }[];
}

export class WebhookSignatureError extends Error {}
/** The provider refused a refund for good (not a network or server fault): retrying will not help. */
export class RefundRefusedError extends Error {}
/** A correctly signed event whose content is not what its type promises (no `data.object`, no id). */
export class WebhookPayloadError extends Error {}

export interface PaymentProvider {
  name: PaymentProviderName;
  createCheckout(req: CheckoutRequest): Promise<{ sessionId: string; url: string }>;
  /** The session as the provider has it now (an open one is reused rather than a second opened). */
  getCheckout(sessionId: string): Promise<{ status: 'open' | 'complete' | 'expired'; url: string | null }>;
  /** Closes an open session so it can no longer take money; a session already closed is fine. */
  expireCheckout(sessionId: string): Promise<void>;
  /** Verifies a webhook delivery on its raw body and reads it; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent;
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Gives back money the provider captured. `reference` is what the completion carried: a
   * payment intent, or a membership's subscription, whose first invoice's payment is refunded.
   * The key makes a retried refund one refund. Without `amountCents` the whole payment is
   * refunded; `refundId` (ours) is kept on the provider's refund so its webhook is recognised.
   * `reference` in the answer is the payment the provider refunded (for the ledger's memo).
   */
  refund(input: {
    reference: string;
    idempotencyKey: string;
    amountCents?: number;
    refundId?: string;
  }): Promise<{ id: string | null; reference?: string }>;
  /**
   * Payments and refunds the provider made in [from, to). Null from the test provider, which
   * moves no money: its record is our own payments and refunds.
   */
  activity(input: { from: Date; to: Date }): Promise<ProviderActivity | null>;
}

/** Local payments: the browser completes or declines on /payment-test; no webhooks. */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    async createCheckout(req) {
      // Idempotent as Stripe is: the same key names the same session.
      const sessionId = `test_cs_${createHash('sha256').update(req.idempotencyKey).digest('hex').slice(0, 24)}`;
      return { sessionId, url: `/payment-test?session=${sessionId}` };
    },
    async getCheckout(sessionId) {
      return { status: 'open', url: `/payment-test?session=${sessionId}` };
    },
    async expireCheckout() {},
    parseWebhook() {
      throw new WebhookSignatureError('The test provider receives no webhooks');
    },
    async cancelSubscription() {},
    async refund() {
      return { id: null };
    },
    async activity() {
      return null;
    },
  };
}

/**
 * STRIPE_API_URL points the SDK elsewhere (a local fake in tests) through its host/port/protocol.
 * The SDK loads here, not at every start: it costs about 0.1 s, and only the Stripe provider uses it.
 */
export async function stripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  const opts: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: 15_000 };
  if (config.STRIPE_API_URL) {
    const u = new URL(config.STRIPE_API_URL);
    opts.host = u.hostname;
    opts.port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
    opts.protocol = u.protocol.replace(':', '') as 'http' | 'https';
  }
  return new StripeSdk(config.STRIPE_SECRET_KEY ?? '', opts);
}

const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The `t=` of a Stripe-Signature header, in seconds (the SDK refuses old ones, not future ones). */
function signedTimestamp(signature: string | undefined): number | null {
  const t = /(?:^|,)\s*t=(\d+)/.exec(signature ?? '')?.[1];
  return t ? Number(t) : null;
}

function stripeSubscriptionStatus(s: string): 'active' | 'past_due' | 'canceled' {
  if (s === 'active' || s === 'trialing') return 'active';
  if (s === 'past_due' || s === 'unpaid' || s === 'incomplete') return 'past_due';
  return 'canceled';
}

const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as { id: unknown }).id) : null;
const dateOf = (secs: unknown): Date | null => (typeof secs === 'number' ? new Date(secs * 1000) : null);

export async function createStripePaymentProvider(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>,
): Promise<PaymentProvider> {
  const stripe = await stripeClient(config);

  /**
   * A membership is paid through its subscription's first invoice (later ones are renewals, which
   * our invoices never are): the payment intent to refund is that invoice's paid payment.
   */
  async function subscriptionPayment(subscriptionId: string): Promise<string> {
    let first: string | null = null;
    for await (const inv of stripe.invoices.list({ subscription: subscriptionId, limit: 100 })) {
      if (inv.billing_reason === 'subscription_create') first = inv.id ?? null;
    }
    if (!first) throw new RefundRefusedError(`Subscription ${subscriptionId} has no first invoice`);
    const list = await stripe.invoicePayments.list({ invoice: first, status: 'paid', limit: 1 });
    const intent = idOf(list.data[0]?.payment.payment_intent);
    if (!intent) throw new RefundRefusedError(`Invoice ${first} has no paid payment`);
    return intent;
  }

  return {
    name: 'stripe',
    async createCheckout(req) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: req.kind === 'subscription' ? 'subscription' : 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: req.amountCents,
                product_data: { name: req.description },
                ...(req.kind === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
              },
            },
          ],
          client_reference_id: req.invoiceId,
          metadata: { invoiceId: req.invoiceId },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        },
        { idempotencyKey: req.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async getCheckout(sessionId) {
      let s: Stripe.Checkout.Session;
      try {
        s = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (err) {
        // A session this account does not know (other keys, or gone) can take no money here.
        if ((err as { statusCode?: number }).statusCode === 404) return { status: 'expired', url: null };
        throw err;
      }
      const status: 'open' | 'complete' | 'expired' = s.status === 'open' ? 'open' : s.status === 'complete' ? 'complete' : 'expired';
      return { status, url: s.url };
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (err) {
        // Already complete or expired: nothing is left open to close.
        if ((err as { statusCode?: number }).statusCode === 404) return;
        const s = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
        if (s && s.status !== 'open') return;
        throw err;
      }
    },
    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.STRIPE_WEBHOOK_SECRET ?? '', WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        throw new WebhookSignatureError((err as Error).message);
      }
      const signedAt = signedTimestamp(signature);
      if (signedAt === null || signedAt - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS)
        throw new WebhookSignatureError('Timestamp is in the future');
      const data = (event as { data?: unknown }).data;
      const object = data && typeof data === 'object' ? (data as { object?: unknown }).object : undefined;
      if (typeof event.id !== 'string' || typeof event.type !== 'string' || !object || typeof object !== 'object' || Array.isArray(object)) {
        throw new WebhookPayloadError('The event has no data.object');
      }
      const o = object as Record<string, unknown>;
      if (typeof event.created !== 'number') throw new WebhookPayloadError('The event has no created time');
      const createdAt = new Date(event.created * 1000);
      /** The latest of the object's own timestamps, to order events created in the same second. */
      const objectAt = (...values: unknown[]) => {
        const secs = values.filter((v): v is number => typeof v === 'number');
        return secs.length ? new Date(Math.max(...secs) * 1000) : null;
      };
      const needId = () => {
        if (typeof o.id !== 'string' || !o.id) throw new WebhookPayloadError(`${event.type} without an object id`);
        return o.id;
      };
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          // A delayed method (a bank debit) completes unpaid; its async_payment_* event follows.
          if (o.payment_status === 'unpaid') return { type: 'session_processing', eventId: event.id, sessionId: needId() };
          if (o.payment_status !== 'paid' && o.payment_status !== 'no_payment_required')
            return { type: 'ignored', eventId: event.id, providerType: event.type };
          return {
            type: 'session_completed',
            eventId: event.id,
            sessionId: needId(),
            amountCents: Number(o.amount_total ?? -1),
            currency: typeof o.currency === 'string' ? o.currency.toLowerCase() : '',
            reference: idOf(o.payment_intent) ?? idOf(o.subscription) ?? String(o.id),
            customerId: idOf(o.customer),
            subscriptionId: idOf(o.subscription),
          };
        case 'checkout.session.async_payment_failed':
          return { type: 'session_failed', eventId: event.id, sessionId: needId() };
        case 'checkout.session.expired':
          return { type: 'session_expired', eventId: event.id, sessionId: needId() };
        case 'invoice.paid': {
          const parent = o.parent as { subscription_details?: { subscription?: unknown } } | undefined;
          const sub = idOf(o.subscription) ?? idOf(parent?.subscription_details?.subscription);
          if (!sub) return { type: 'ignored', eventId: event.id, providerType: event.type };
          const line = (o.lines as { data?: { period?: { end?: number } }[] } | undefined)?.data?.[0];
          const paidAt = (o.status_transitions as { paid_at?: unknown } | undefined)?.paid_at;
          const amount = o.amount_paid;
          const renewal = o.billing_reason !== 'subscription_create' && Number.isSafeInteger(amount) && (amount as number) > 0;
          if (renewal && String(o.currency ?? '').toLowerCase() !== 'usd') throw new WebhookPayloadError('A renewal in a currency other than USD');
          return {
            type: 'subscription_renewed',
            eventId: event.id,
            createdAt,
            objectAt: objectAt(o.created, paidAt, line?.period?.end, o.period_end),
            subscriptionId: sub,
            periodEnd: dateOf(line?.period?.end ?? o.period_end),
            charge: renewal ? { providerInvoiceId: needId(), amountCents: amount as number, reference: idOf(o.payment_intent) ?? needId() } : null,
          };
        }
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const item = (o.items as { data?: { current_period_end?: number; current_period_start?: number }[] } | undefined)?.data?.[0];
          return {
            type: 'subscription_changed',
            eventId: event.id,
            subscriptionId: needId(),
            createdAt,
            objectAt: objectAt(o.created, o.start_date, o.current_period_start, item?.current_period_start, o.canceled_at, o.ended_at),
            status: event.type === 'customer.subscription.deleted' ? 'canceled' : stripeSubscriptionStatus(String(o.status)),
            periodEnd: dateOf(o.current_period_end ?? item?.current_period_end),
          };
        }
        case 'charge.refunded': {
          const reference = idOf(o.payment_intent);
          if (!reference) return { type: 'ignored', eventId: event.id, providerType: event.type };
          const list = (o.refunds as { data?: unknown } | undefined)?.data;
          const refunds = (Array.isArray(list) ? list : [])
            .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
            .filter(
              (r) =>
                typeof r.id === 'string' &&
                Number.isSafeInteger(r.amount) &&
                (r.amount as number) > 0 &&
                (r.status === undefined || r.status === 'succeeded'),
            )
            .map((r) => {
              const ours = (r.metadata as { refund_id?: unknown } | undefined)?.refund_id;
              return { id: r.id as string, amountCents: r.amount as number, ourRefundId: typeof ours === 'string' ? ours : null };
            });
          return { type: 'charge_refunded', eventId: event.id, reference, refunds };
        }
        default:
          return { type: 'ignored', eventId: event.id, providerType: event.type };
      }
    },
    async cancelSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },
    async refund({ reference, idempotencyKey, amountCents, refundId }) {
      try {
        const paymentIntent = reference.startsWith('sub_') ? await subscriptionPayment(reference) : reference;
        if (!paymentIntent.startsWith('pi_')) throw new RefundRefusedError(`Nothing to refund for ${reference}`);
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            ...(amountCents !== undefined ? { amount: amountCents } : {}),
            ...(refundId ? { metadata: { refund_id: refundId } } : {}),
          },
          { idempotencyKey },
        );
        return { id: refund.id, reference: paymentIntent };
      } catch (err) {
        // The SDK's class is not imported at start; its errors say their kind in `type`.
        const e = err as Stripe.errors.StripeError | null;
        if (e?.type === 'StripeInvalidRequestError') throw new RefundRefusedError(e.message);
        throw err;
      }
    },
    async activity({ from, to }) {
      const created = { gte: Math.floor(from.getTime() / 1000), lt: Math.floor(to.getTime() / 1000) };
      const out: ProviderActivity = { payments: [], refunds: [] };
      // The SDK pages through every charge and refund of the window.
      for await (const ch of stripe.charges.list({ created, limit: 100 })) {
        if (ch.status !== 'succeeded' || !ch.paid) continue;
        out.payments.push({ reference: idOf(ch.payment_intent) ?? ch.id, amountCents: ch.amount, currency: ch.currency });
      }
      for await (const r of stripe.refunds.list({ created, limit: 100 })) {
        if (r.status !== 'succeeded') continue;
        out.refunds.push({ id: r.id, reference: idOf(r.payment_intent) ?? idOf(r.charge) ?? r.id, amountCents: r.amount, currency: r.currency });
      }
      return out;
    },
  };
}

export async function createPaymentProvider(config: Config): Promise<PaymentProvider> {
  return config.PAYMENT_PROVIDER === 'stripe' ? createStripePaymentProvider(config) : createTestPaymentProvider();
}
