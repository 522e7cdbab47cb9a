import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrialBalance } from '#common/ledger.ts';
import { RESERVATION_MS } from '#common/marketplace.ts';
import type { Invoice, Refund } from '#common/money.ts';
import { invoices } from '#server/db/schema/money.ts';
import type { FakeStripe } from '#server/test/fake-stripe.ts';
import { createListing, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import type { TestApp } from '#server/test/harness.ts';
import { startStripeApp, type StripeApp } from '#server/test/stripe-app.ts';
import { invoiceAccountNet } from './ledger.service.ts';

// Issue 30: money racing money, through Stripe's protocol. After each race the books balance and
// the invoice's clearing line holds exactly what was captured and not given back.
let s: StripeApp;
let t: TestApp;
let stripe: FakeStripe;
let admin: SignedInUser;

beforeAll(async () => {
  s = await startStripeApp({ seedDemo: false, stripeOnAppClock: true });
  ({ t, stripe } = s);
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await s?.close();
});

const api = (who: SignedInUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...who.headers, ...headers }, payload: payload as never });
const webhook = (d: { body: string; signature: string }) => s.webhook(d);
const balanced = async () => {
  const tb = (await api(admin, 'GET', '/api/admin/ledger/trial-balance')).json<TrialBalance>();
  expect(tb.debitsCents).toBe(tb.creditsCents);
  expect(tb.balanced).toBe(true);
};
const clearing = (invoiceId: string) => invoiceAccountNet(t.db, { invoiceId, account: 'provider_clearing' });
const status = async (id: string) => (await t.db.select({ s: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0]!.s;
/** The durable jobs (refunds) run until nothing is due; the runner's own poll may hold one a moment. */
const settleJobs = async (done: () => Promise<boolean>) =>
  expect
    .poll(async () => {
      await t.app.jobRunner!.runDue();
      return done();
    })
    .toBe(true);

async function sentInvoice(member: SignedInUser, amountCents: number) {
  const res = await api(admin, 'POST', '/api/admin/invoices', {
    userId: member.user.id,
    lines: [{ type: 'fixed', label: 'Race', amountCents }],
    dueDate: '2030-01-31',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ invoice: Invoice }>().invoice.id;
  expect((await api(admin, 'PATCH', `/api/admin/invoices/${id}`, { status: 'sent' })).statusCode).toBe(200);
  return id;
}
const sessionFor = async (member: SignedInUser, invoiceId: string) => {
  const open = await api(member, 'POST', '/api/checkout', { invoiceId });
  expect(open.statusCode, open.body).toBe(200);
  return open.json<{ url: string }>().url.split('/').pop()!;
};

describe('money racing money', () => {
  it('two deliveries of one completion at once: paid once, booked once', async () => {
    const member = await signedInMember(t);
    const id = await sentInvoice(member, 12_500);
    const sid = await sessionFor(member, id);
    const first = stripe.completion(sid);
    const again = stripe.signedEvent('checkout.session.completed', JSON.parse(first.body).data.object);
    const answers = await Promise.all([webhook(first), webhook(again)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await status(id)).toBe('paid');
    expect(await clearing(id)).toBe(12_500);
    expect(await invoiceAccountNet(t.db, { invoiceId: id, account: 'member_receivable' })).toBe(0);
    expect(stripe.refunds).toHaveLength(0);
    await balanced();
  });

  it('a completion racing the reservation’s lapse: either the sale stands or the money goes back', async () => {
    const buyer = await signedInMember(t);
    const l = await createListing(t, { priceCents: 48_000 });
    const r = await api(buyer, 'POST', `/api/listings/${l.id}/reserve`);
    expect(r.statusCode, r.body).toBe(200);
    const invoiceId = r.json<{ invoiceId: string }>().invoiceId;
    const sid = await sessionFor(buyer, invoiceId);
    const paid = stripe.completion(sid);
    t.clock.advance(RESERVATION_MS + 1);
    // The lapse (the job, or any read of the listing) and Stripe's webhook at the same moment.
    await Promise.all([t.app.jobRunner!.runDue(), api(admin, 'GET', `/api/listings/${l.id}`), webhook(paid)]);
    const outcome = await status(invoiceId);
    expect(['paid', 'void']).toContain(outcome);
    if (outcome === 'void') {
      // Captured after the hold ended: owed back, then refunded through Stripe and booked.
      await settleJobs(
        async () => stripe.refunds.some((x) => x.payment_intent === stripe.sessions.get(sid)!.payment_intent) && (await clearing(invoiceId)) === 0,
      );
    } else {
      expect(await clearing(invoiceId)).toBe(48_000);
    }
    expect(await invoiceAccountNet(t.db, { invoiceId, account: 'member_receivable' })).toBe(0);
    await balanced();
  });

  it('a completion after the lapse is refunded and booked as owed back, then given back', async () => {
    const buyer = await signedInMember(t);
    const l = await createListing(t, { priceCents: 7_000 });
    const invoiceId = (await api(buyer, 'POST', `/api/listings/${l.id}/reserve`)).json<{ invoiceId: string }>().invoiceId;
    const sid = await sessionFor(buyer, invoiceId);
    t.clock.advance(RESERVATION_MS + 1);
    await api(admin, 'GET', `/api/listings/${l.id}`); // the lapse, written at read time
    expect(await status(invoiceId)).toBe('void');
    expect((await webhook(stripe.completion(sid))).json().outcome).toBe('refused');
    expect(await clearing(invoiceId)).toBe(7_000); // captured, owed back
    await settleJobs(async () => (await clearing(invoiceId)) === 0);
    expect(await invoiceAccountNet(t.db, { invoiceId, account: 'refunds' })).toBe(0); // out as it came in
    await balanced();
  });

  it('two refunds racing: never more than was paid goes back', async () => {
    const member = await signedInMember(t);
    const id = await sentInvoice(member, 10_000);
    const sid = await sessionFor(member, id);
    expect((await webhook(stripe.completion(sid))).json().outcome).toBe('paid');
    const refund = (key: string, amountCents: number) =>
      api(admin, 'POST', `/api/admin/invoices/${id}/refunds`, { amountCents, reason: 'Race' }, { 'idempotency-key': key });
    const tooMuch = await Promise.all([refund('race-a', 6_000), refund('race-b', 6_000)]);
    expect(tooMuch.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const fits = await Promise.all([refund('race-c', 2_000), refund('race-d', 2_000)]);
    expect(fits.map((a) => a.statusCode)).toEqual([201, 201]);
    const refundsOf = async () => (await api(admin, 'GET', `/api/admin/invoices/${id}/refunds`)).json<{ refunds: Refund[] }>().refunds;
    await settleJobs(async () => (await refundsOf()).every((x) => x.status === 'succeeded'));
    expect(await clearing(id)).toBe(0);
    expect(await invoiceAccountNet(t.db, { invoiceId: id, account: 'refunds' })).toBe(10_000);
    expect(stripe.refunds.filter((x) => x.payment_intent === stripe.sessions.get(sid)!.payment_intent).reduce((s, x) => s + (x.amount ?? 0), 0)).toBe(
      10_000,
    );
    await balanced();
  });
});
