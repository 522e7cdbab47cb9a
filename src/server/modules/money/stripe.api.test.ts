import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyMessages, type Invoice } from '#common/money.ts';
import { invoices, payments } from '#server/db/schema/money.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

// Stripe as it really behaves: signed but malformed events, clocks ahead, other currencies,
// events out of order, delayed payment methods, one open session per invoice.
let s: TestApp;
let stripe: FakeStripe;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  stripe = await startFakeStripe();
  s = await createTestApp({
    env: { PAYMENT_PROVIDER: 'stripe', STRIPE_API_URL: stripe.url, STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_WEBHOOK_SECRET: stripe.webhookSecret },
  });
  admin = await signedInAdmin(s);
  member = await signedInMember(s);
});
afterAll(async () => {
  await s?.close();
  await stripe?.close();
});

const api = (who: SignedInUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  s.app.inject({ method, url, headers: who?.headers, payload: payload as never });
const webhook = (d: { body: string; signature: string }) =>
  s.rawInject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': d.signature }, payload: d.body });

async function sentInvoice(amountCents: number) {
  const res = await api(admin, 'POST', '/api/admin/invoices', { userId: member.user.id, lines: [{ type: 'fixed', label: 'Grading fee', amountCents }], dueDate: '2030-01-31' });
  expect(res.statusCode, res.body).toBe(201);
  const inv = res.json<{ invoice: Invoice }>().invoice;
  expect((await api(admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'sent' })).statusCode).toBe(200);
  return inv;
}

async function checkout(invoiceId: string) {
  const res = await api(member, 'POST', '/api/checkout', { invoiceId });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().url as string).split('/').pop()!;
}

const invoiceRow = async (id: string) => (await s.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;
const paymentRow = async (sid: string) => (await s.db.select().from(payments).where(eq(payments.sessionId, sid)))[0]!;

describe('signed events that are not what they claim', () => {
  it('answers 400 to a signed event without data.object, changing nothing', async () => {
    const inv = await sentInvoice(1_200);
    const sid = await checkout(inv.id);
    const eventId = 'evt_no_object';
    for (const body of [
      JSON.stringify({ id: eventId, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: {} }),
      JSON.stringify({ id: eventId, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000) }),
      JSON.stringify({ id: eventId, object: 'event', type: 'customer.subscription.updated', created: Math.floor(Date.now() / 1000), data: { object: null } }),
      JSON.stringify({ id: eventId, object: 'event', type: 'checkout.session.expired', created: Math.floor(Date.now() / 1000), data: { object: { object: 'checkout.session' } } }),
    ]) {
      const signature = stripe.sign(body);
      const res = await webhook({ body, signature });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(moneyMessages.stripeMalformed);
    }
    expect((await invoiceRow(inv.id)).status).toBe('sent');
    expect(await paymentRow(sid)).toMatchObject({ status: 'pending', eventIds: [] });
  });

  it('refuses an event signed more than 300 s in the future', async () => {
    const inv = await sentInvoice(1_300);
    const sid = await checkout(inv.id);
    const future = stripe.completion(sid, { timestamp: Math.floor(Date.now() / 1000) + 600 });
    expect((await webhook(future)).statusCode).toBe(400);
    expect((await invoiceRow(inv.id)).status).toBe('sent');
    // A clock a little ahead is within tolerance.
    const soon = stripe.completion(sid, { timestamp: Math.floor(Date.now() / 1000) + 60 });
    expect((await webhook(soon)).json().outcome).toBe('paid');
  });

  it('never lets a completion in another currency pay a dollar invoice', async () => {
    const inv = await sentInvoice(4_000);
    const sid = await checkout(inv.id);
    expect(stripe.sessions.get(sid)!.currency).toBe('usd');
    const res = await webhook(stripe.completion(sid, { currency: 'eur' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('refused');
    expect((await invoiceRow(inv.id)).status).toBe('sent');
    expect(await paymentRow(sid)).toMatchObject({ status: 'failed', failureReason: 'currency_mismatch' });
  });
});
