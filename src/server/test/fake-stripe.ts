/**
 * A local stand-in for the few Stripe endpoints the server calls, speaking Stripe's protocol:
 *   POST   /v1/checkout/sessions       (form-encoded, Bearer sk_…) → a checkout.session
 *   GET    /v1/checkout/sessions/{id}  → the session
 *   POST   /v1/checkout/sessions/{id}/expire → the expired session (400 unless open)
 *   DELETE /v1/subscriptions/{id}      → the canceled subscription
 *   POST   /v1/refunds                 → a refund of a paid session's payment intent
 *   GET    /v1/charges, /v1/refunds    → lists by `created[gte]` / `created[lt]`, paged by `starting_after`
 * and a webhook sender that signs its posts with the SDK's own test-header helper, as Stripe does.
 * Point the server at it with PAYMENT_PROVIDER=stripe STRIPE_API_URL=<url> STRIPE_SECRET_KEY=<key>
 * STRIPE_WEBHOOK_SECRET=<webhookSecret>.
 *
 * From a test:  const stripe = await startFakeStripe(); stripe.signedEvent('checkout.session.completed', …)
 * From a shell: node --import tsx src/server/test/fake-stripe.ts   (prints the settings as JSON)
 */
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';

export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment' | 'subscription';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  /** Seconds since the epoch; Stripe expires an open session after 24 hours. */
  expires_at: number;
  payment_intent: string | null;
  subscription: string | null;
  customer: string | null;
}

export interface FakeStripeCharge {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  payment_intent: string | null;
  status: 'succeeded' | 'failed';
  paid: boolean;
  /** Seconds since the epoch. */
  created: number;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeStripeSession>;
  canceledSubscriptions: string[];
  /** Refunds made through POST /v1/refunds, with the Idempotency-Key each came with. */
  refunds: {
    id: string;
    payment_intent: string;
    idempotencyKey: string | null;
    amount?: number | null;
    created?: number;
    currency?: string;
    status?: string;
  }[];
  /** Charges made by paid completions (and any a test adds: money Stripe took that we never heard of). */
  charges: FakeStripeCharge[];
  requests: { method: string; path: string; authorized: boolean; idempotencyKey: string | null }[];
  /** The payment intent that paid a subscription's first invoice (a subscription-mode completion makes it). */
  firstInvoicePayment(subscriptionId: string): string | null;
  /** How many more POST /v1/refunds answer 500 (Stripe having a bad day); 0 by default. */
  refundFaults: number;
  /**
   * A webhook delivery for a session as Stripe would send it: the JSON body and its
   * `stripe-signature` header (timestamp in seconds; another secret forges it).
   */
  completion(
    sessionId: string,
    opts?: { amountCents?: number; currency?: string; paymentStatus?: 'paid' | 'unpaid'; timestamp?: number; secret?: string; eventId?: string },
  ): { body: string; signature: string; eventId: string };
  /** `created` is when Stripe made the event (a retry is signed anew, later); defaults to the signing time. */
  signedEvent(
    type: string,
    object: Record<string, unknown>,
    opts?: { timestamp?: number; created?: number; secret?: string; eventId?: string },
  ): { body: string; signature: string; eventId: string };
  /**
   * The later outcome of a delayed method (a bank debit) after a completion with
   * `paymentStatus: 'unpaid'`: `checkout.session.async_payment_succeeded` or `…_failed`.
   */
  asyncPayment(
    sessionId: string,
    outcome: 'succeeded' | 'failed',
    opts?: { timestamp?: number; eventId?: string },
  ): { body: string; signature: string; eventId: string };
  /** A Stripe-Signature header for any body (a malformed event Stripe would still sign). */
  sign(body: string, opts?: { timestamp?: number; secret?: string }): string;
  /** Posts a delivery to a running server's webhook URL. */
  deliver(webhookUrl: string, delivery: { body: string; signature: string }): Promise<Response>;
  close(): Promise<void>;
}

const stripe = new Stripe('sk_test_fake');
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(
  opts: { port?: number; host?: string; /** Stripe's clock for `created` (ms); the real one by default. */ now?: () => number } = {},
): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(8).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, FakeStripeSession>();
  const canceledSubscriptions: string[] = [];
  const refunds: FakeStripe['refunds'] = [];
  const charges: FakeStripeCharge[] = [];
  const now = () => Math.floor((opts.now?.() ?? Date.now()) / 1000);
  // A subscription-mode session pays its subscription's first invoice, through a payment intent
  // the session itself does not carry (as at Stripe): kept here for refunds to find.
  const subscriptionsById = new Map<string, { id: string; invoices: string[] }>();
  const invoicesById = new Map<
    string,
    { id: string; subscription: string; billing_reason: string; payment_intent: string; amount_paid: number; currency: string; created: number }
  >();
  const firstInvoice = (s: FakeStripeSession) => {
    const sub = subscriptionsById.get(s.subscription!) ?? { id: s.subscription!, invoices: [] };
    subscriptionsById.set(sub.id, sub);
    const known = sub.invoices.map((i) => invoicesById.get(i)!).find((i) => i.billing_reason === 'subscription_create');
    if (known) return known.payment_intent;
    const inv = {
      id: id('in'),
      subscription: sub.id,
      billing_reason: 'subscription_create',
      payment_intent: id('pi'),
      amount_paid: s.amount_total,
      currency: s.currency,
      created: now(),
    };
    invoicesById.set(inv.id, inv);
    sub.invoices.push(inv.id);
    return inv.payment_intent;
  };
  const charge = (s: FakeStripeSession) => {
    const intent = s.mode === 'subscription' && s.subscription ? firstInvoice(s) : (s.payment_intent ?? id('pi'));
    if (!charges.some((c) => c.payment_intent === intent)) {
      charges.push({
        id: id('ch'),
        object: 'charge',
        amount: s.amount_total,
        currency: s.currency,
        payment_intent: intent,
        status: 'succeeded',
        paid: true,
        created: now(),
      });
    }
  };
  const requests: FakeStripe['requests'] = [];
  // Stripe keeps a POST's answer under its Idempotency-Key: the same key and body replays it,
  // the same key with other parameters is an error.
  const idempotent = new Map<string, { raw: string; status: number; body: unknown }>();

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    // One connection per request, so no idle socket is reused as it closes (see fake-twilio.ts).
    res.setHeader('Connection', 'close');
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      let send = reply;
      const error = (r: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
        send(r, status, { error: { type, message } });
      const path = (req.url ?? '').split('?')[0]!;
      const authorized = req.headers.authorization === `Bearer ${secretKey}`;
      const header = req.headers['idempotency-key'];
      const idempotencyKey = (Array.isArray(header) ? header[0] : header) ?? null;
      requests.push({ method: req.method ?? '', path, authorized, idempotencyKey });
      if (!authorized) return error(res, 401, 'Invalid API Key provided', 'authentication_error');
      if (req.method === 'POST' && idempotencyKey) {
        const seen = idempotent.get(`${path} ${idempotencyKey}`);
        if (seen && seen.raw !== raw) {
          return error(
            res,
            400,
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            'idempotency_error',
          );
        }
        if (seen) {
          res.writeHead(seen.status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), 'Idempotent-Replayed': 'true' });
          return res.end(JSON.stringify(seen.body));
        }
        const original = send;
        send = (r, status, body) => {
          idempotent.set(`${path} ${idempotencyKey}`, { raw, status, body });
          original(r, status, body);
        };
      }
      const form = new URLSearchParams(raw);
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const mode = form.get('mode') === 'subscription' ? 'subscription' : 'payment';
        const amount = Number(form.get('line_items[0][price_data][unit_amount]'));
        const quantity = Number(form.get('line_items[0][quantity]') ?? '1');
        if (!Number.isInteger(amount) || amount < 0) return error(res, 400, 'Invalid integer: unit_amount');
        if (!form.get('success_url')) return error(res, 400, 'Missing required param: success_url.');
        const metadata: Record<string, string> = {};
        for (const [k, v] of form) {
          const m = /^metadata\[(.+)\]$/.exec(k);
          if (m) metadata[m[1]!] = v;
        }
        const sid = id('cs_test');
        const session: FakeStripeSession = {
          id: sid,
          object: 'checkout.session',
          mode,
          amount_total: amount * quantity,
          currency: form.get('line_items[0][price_data][currency]') ?? 'usd',
          client_reference_id: form.get('client_reference_id'),
          metadata,
          success_url: (form.get('success_url') ?? '').replace('{CHECKOUT_SESSION_ID}', sid),
          cancel_url: form.get('cancel_url') ?? '',
          url: `${baseUrl}/c/pay/${sid}`,
          status: 'open',
          payment_status: 'unpaid',
          expires_at: Math.floor(Date.now() / 1000) + 24 * 3600,
          payment_intent: null,
          subscription: null,
          customer: null,
        };
        sessions.set(sid, session);
        return send(res, 200, session);
      }
      const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && get) {
        const s = sessions.get(get[1]!);
        return s ? send(res, 200, s) : error(res, 404, `No such checkout.session: '${get[1]}'`);
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (req.method === 'POST' && expire) {
        const s = sessions.get(expire[1]!);
        if (!s) return error(res, 404, `No such checkout.session: '${expire[1]}'`);
        if (s.status !== 'open') return error(res, 400, 'Only Checkout Sessions with a status of open can be expired.');
        const expired: FakeStripeSession = { ...s, status: 'expired', url: null };
        sessions.set(s.id, expired);
        return send(res, 200, expired);
      }
      if (req.method === 'POST' && path === '/v1/refunds' && fake.refundFaults > 0) {
        fake.refundFaults--;
        return error(res, 500, 'An unknown error occurred', 'api_error');
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const pi = form.get('payment_intent');
        const paid = charges.find((c) => c.payment_intent === pi && c.paid);
        if (!pi || !paid) return error(res, 400, `No such payment_intent: '${pi}'`);
        // The same Idempotency-Key answers with the same refund, as Stripe does.
        const again = idempotencyKey ? refunds.find((r) => r.idempotencyKey === idempotencyKey) : undefined;
        const amount = form.get('amount') ? Number(form.get('amount')) : paid.amount;
        const refunded = refunds.filter((r) => r.payment_intent === pi).reduce((sum, r) => sum + (r.amount ?? paid.amount), 0);
        if (!again && refunded + amount > paid.amount) {
          return error(
            res,
            400,
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((paid.amount - refunded) / 100).toFixed(2)})`,
          );
        }
        const refund = again ?? {
          id: id('re'),
          payment_intent: pi,
          idempotencyKey,
          amount,
          created: now(),
          currency: paid.currency,
          status: 'succeeded',
        };
        if (!again) refunds.push(refund);
        return send(res, 200, {
          id: refund.id,
          object: 'refund',
          payment_intent: pi,
          amount: refund.amount,
          currency: paid.currency,
          status: 'succeeded',
          created: refund.created,
        });
      }
      if (req.method === 'GET' && (path === '/v1/charges' || path === '/v1/refunds')) {
        const q = new URL(req.url ?? '', 'http://x').searchParams;
        const gte = q.get('created[gte]') ? Number(q.get('created[gte]')) : -Infinity;
        const lt = q.get('created[lt]') ? Number(q.get('created[lt]')) : Infinity;
        const limit = Math.min(100, Number(q.get('limit') ?? 10));
        const all =
          path === '/v1/charges'
            ? charges.map((c) => ({ ...c }))
            : refunds.map((r) => ({
                id: r.id,
                object: 'refund',
                payment_intent: r.payment_intent,
                charge: null,
                amount: r.amount,
                currency: r.currency ?? 'usd',
                status: r.status ?? 'succeeded',
                created: r.created ?? now(),
              }));
        // Stripe lists newest first and pages with starting_after.
        const inWindow = all.filter((o) => o.created >= gte && o.created < lt).reverse();
        const after = q.get('starting_after');
        const start = after ? inWindow.findIndex((o) => o.id === after) + 1 : 0;
        const data = inWindow.slice(start, start + limit);
        return send(res, 200, { object: 'list', url: path, has_more: start + limit < inWindow.length, data });
      }
      if (req.method === 'GET' && path === '/v1/invoices') {
        const q = new URL(req.url ?? '', 'http://x').searchParams;
        const data = [...invoicesById.values()]
          .filter((i) => i.subscription === q.get('subscription'))
          .reverse()
          .map((i) => ({ ...i, object: 'invoice', status: 'paid', payment_intent: undefined }));
        return send(res, 200, { object: 'list', url: path, has_more: false, data });
      }
      if (req.method === 'GET' && path === '/v1/invoice_payments') {
        const q = new URL(req.url ?? '', 'http://x').searchParams;
        const inv = invoicesById.get(q.get('invoice') ?? '');
        const data = inv
          ? [
              {
                id: id('inpay'),
                object: 'invoice_payment',
                invoice: inv.id,
                amount_paid: inv.amount_paid,
                currency: inv.currency,
                is_default: true,
                status: 'paid',
                payment: { type: 'payment_intent', payment_intent: inv.payment_intent },
              },
            ]
          : [];
        return send(res, 200, { object: 'list', url: path, has_more: false, data });
      }
      const cancel = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (req.method === 'DELETE' && cancel) {
        canceledSubscriptions.push(cancel[1]!);
        return send(res, 200, { id: cancel[1], object: 'subscription', status: 'canceled' });
      }
      return error(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  function signedEvent(
    type: string,
    object: Record<string, unknown>,
    o: { timestamp?: number; created?: number; secret?: string; eventId?: string } = {},
  ) {
    const eventId = o.eventId ?? id('evt');
    const timestamp = o.timestamp ?? Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      type,
      created: o.created ?? timestamp,
      livemode: false,
      api_version: null,
      data: { object },
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: o.secret ?? webhookSecret, timestamp });
    return { body, signature, eventId };
  }

  const fake: FakeStripe = {
    refundFaults: 0,
    firstInvoicePayment: (sub) =>
      (subscriptionsById.get(sub)?.invoices ?? []).map((i) => invoicesById.get(i)!).find((i) => i.billing_reason === 'subscription_create')
        ?.payment_intent ?? null,
    url: baseUrl,
    secretKey,
    webhookSecret,
    sessions,
    canceledSubscriptions,
    refunds,
    charges,
    requests,
    signedEvent,
    sign: (body, o = {}) =>
      stripe.webhooks.generateTestHeaderString({
        payload: body,
        secret: o.secret ?? webhookSecret,
        timestamp: o.timestamp ?? Math.floor(Date.now() / 1000),
      }),
    completion(sessionId, o = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`fake stripe: no session ${sessionId}`);
      const completed: FakeStripeSession = {
        ...s,
        status: 'complete',
        payment_status: o.paymentStatus ?? 'paid',
        amount_total: o.amountCents ?? s.amount_total,
        currency: o.currency ?? s.currency,
        payment_intent: s.mode === 'payment' ? (s.payment_intent ?? id('pi')) : null,
        subscription: s.mode === 'subscription' ? (s.subscription ?? id('sub')) : null,
        customer: s.customer ?? id('cus'),
      };
      sessions.set(sessionId, completed);
      if (completed.payment_status === 'paid') charge(completed);
      return signedEvent('checkout.session.completed', completed as unknown as Record<string, unknown>, o);
    },
    asyncPayment(sessionId, outcome, o = {}) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`fake stripe: no session ${sessionId}`);
      const next: FakeStripeSession = { ...s, status: 'complete', payment_status: outcome === 'succeeded' ? 'paid' : 'unpaid' };
      sessions.set(sessionId, next);
      if (outcome === 'succeeded') charge(next);
      return signedEvent(`checkout.session.async_payment_${outcome}`, next as unknown as Record<string, unknown>, o);
    },
    deliver: (webhookUrl, d) =>
      fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': d.signature }, body: d.body }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const s = await startFakeStripe({ port: Number(process.env.PORT ?? 12111) });
  console.log(JSON.stringify({ STRIPE_API_URL: s.url, STRIPE_SECRET_KEY: s.secretKey, STRIPE_WEBHOOK_SECRET: s.webhookSecret }));
}
