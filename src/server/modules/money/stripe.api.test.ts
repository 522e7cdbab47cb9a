import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyMessages, refundMessages, type Invoice } from '#common/money.ts';
import { ledgerEntries, ledgerLines } from '#server/db/schema/ledger.ts';
import { invoices, payments, subscriptionPlans, subscriptions } from '#server/db/schema/money.ts';
import type { FakeStripe } from '#server/test/fake-stripe.ts';
import { createListing, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import type { TestApp } from '#server/test/harness.ts';
import { startStripeApp, type StripeApp } from '#server/test/stripe-app.ts';

// Stripe as it really behaves: signed but malformed events, clocks ahead, other currencies,
// events out of order, delayed payment methods, one open session per invoice.
let sa: StripeApp;
let s: TestApp;
let stripe: FakeStripe;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  sa = await startStripeApp();
  ({ t: s, stripe } = sa);
  admin = await signedInAdmin(s);
  member = await signedInMember(s);
});
afterAll(async () => {
  await sa?.close();
});

const api = (who: SignedInUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  s.app.inject({ method, url, headers: who?.headers, payload: payload as never });
const webhook = (d: { body: string; signature: string }) => sa.webhook(d);

async function sentInvoice(amountCents: number) {
  const res = await api(admin, 'POST', '/api/admin/invoices', {
    userId: member.user.id,
    lines: [{ type: 'fixed', label: 'Grading fee', amountCents }],
    dueDate: '2030-01-31',
  });
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
      JSON.stringify({
        id: eventId,
        object: 'event',
        type: 'customer.subscription.updated',
        created: Math.floor(Date.now() / 1000),
        data: { object: null },
      }),
      JSON.stringify({
        id: eventId,
        object: 'event',
        type: 'checkout.session.expired',
        created: Math.floor(Date.now() / 1000),
        data: { object: { object: 'checkout.session' } },
      }),
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

describe('subscription events out of order', () => {
  async function stripeMember() {
    const who = await signedInMember(s);
    const [plan] = await s.db
      .insert(subscriptionPlans)
      .values({ name: `Ordered ${Math.random()}`, priceCents: 2_900, benefits: [] })
      .returning();
    const open = await s.app.inject({ method: 'POST', url: '/api/subscribe', headers: who.headers, payload: { planId: plan!.id } });
    expect(open.statusCode, open.body).toBe(200);
    const sid = (open.json().url as string).split('/').pop()!;
    expect((await webhook(stripe.completion(sid))).json().outcome).toBe('paid');
    const subId = stripe.sessions.get(sid)!.subscription!;
    const mine = async () => (await s.app.inject({ method: 'GET', url: '/api/user/subscription', headers: who.headers })).json().subscription;
    return { subId, mine };
  }
  const now = () => Math.floor(Date.now() / 1000);
  const updated = (subId: string, status: string, created: number, extra: Record<string, unknown> = {}) =>
    stripe.signedEvent(
      'customer.subscription.updated',
      { id: subId, object: 'subscription', status, items: { data: [{ current_period_end: 1_900_000_000 }] }, ...extra },
      { created },
    );

  it('books a renewal month Stripe charged on its own, once, whatever order it arrives in', async () => {
    const { subId, mine } = await stripeMember();
    const renewalEntries = async () =>
      (await s.db.select().from(ledgerEntries).where(eq(ledgerEntries.causeType, 'membership_renewed'))).filter((e) =>
        e.memo.includes(`in_renew_${subId}`),
      );
    // The first period's invoice was settled by its checkout: nothing more to book.
    const first = stripe.signedEvent('invoice.paid', {
      id: `in_first_${subId}`,
      object: 'invoice',
      subscription: subId,
      billing_reason: 'subscription_create',
      amount_paid: 2_900,
      currency: 'usd',
    });
    expect((await webhook(first)).statusCode).toBe(200);
    expect(
      await s.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.causeId, `in_first_${subId}`)),
    ).toHaveLength(0);
    // A renewal: a month of income, into the provider's clearing account.
    const renewal = stripe.signedEvent('invoice.paid', {
      id: `in_renew_${subId}`,
      object: 'invoice',
      subscription: subId,
      billing_reason: 'subscription_cycle',
      amount_paid: 2_900,
      currency: 'usd',
      payment_intent: `pi_renew_${subId}`,
      lines: { data: [{ period: { end: 1_950_000_000 } }] },
    });
    expect((await webhook(renewal)).json().outcome).toBe('renewed');
    expect(await mine()).toMatchObject({ status: 'active', currentPeriodEnd: new Date(1_950_000_000_000).toISOString() });
    const [entry] = await renewalEntries();
    const lines = await s.db.select().from(ledgerLines).where(eq(ledgerLines.entryId, entry!.id));
    expect(lines.map((l) => [l.accountCode, l.debitCents, l.creditCents, l.memo]).sort()).toEqual([
      ['membership_income', 0, 2_900, 'Membership month'],
      ['provider_clearing', 2_900, 0, `pi_renew_${subId}`],
    ]);
    // Stripe retries it, and a stale copy arrives later: still one month booked.
    expect((await webhook(renewal)).statusCode).toBe(200);
    const stale = stripe.signedEvent('invoice.paid', JSON.parse(renewal.body).data.object, { created: now() - 3_600 });
    expect((await webhook(stale)).json().outcome).toBe('stale');
    expect(await renewalEntries()).toHaveLength(1);
    // A renewal in another currency is refused and books nothing.
    const eur = stripe.signedEvent('invoice.paid', {
      id: `in_eur_${subId}`,
      object: 'invoice',
      subscription: subId,
      billing_reason: 'subscription_cycle',
      amount_paid: 2_900,
      currency: 'eur',
    });
    expect((await webhook(eur)).statusCode).toBe(400);
    expect(
      await s.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.causeId, `in_eur_${subId}`)),
    ).toHaveLength(0);
    const tb = (await s.app.inject({ method: 'GET', url: '/api/admin/ledger/trial-balance', headers: admin.headers })).json();
    expect(tb.balanced).toBe(true);
  });

  it('never lets an older customer.subscription.updated undo a newer one', async () => {
    const { subId, mine } = await stripeMember();
    // One clock reading: the seconds can tick between two.
    const t0 = now();
    const pastDue = await webhook(updated(subId, 'past_due', t0 - 10));
    expect(pastDue.json().outcome).toBe('changed');
    const older = await webhook(updated(subId, 'active', t0 - 60));
    expect(older.statusCode).toBe(200);
    expect(older.json().outcome).toBe('stale');
    expect(await mine()).toMatchObject({ status: 'past_due' });
    // An older invoice.paid does not bring it back to active either.
    const renewal = stripe.signedEvent(
      'invoice.paid',
      { id: 'in_old', object: 'invoice', subscription: subId, lines: { data: [{ period: { end: 1_800_000_000 } }] } },
      { created: t0 - 30 },
    );
    expect((await webhook(renewal)).json().outcome).toBe('stale');
    expect(await mine()).toMatchObject({ status: 'past_due', currentPeriodEnd: new Date(1_900_000_000_000).toISOString() });
    const [row] = await s.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subId));
    expect(row!.providerEventAt).toEqual(new Date((t0 - 10) * 1000));
    // A newer one applies.
    expect((await webhook(updated(subId, 'active', t0))).json().outcome).toBe('changed');
    expect(await mine()).toMatchObject({ status: 'active' });
  });

  it('orders events of the same second by the object timestamps, and keeps the newer whichever arrives first', async () => {
    const { subId, mine } = await stripeMember();
    const t = now() - 5;
    const newer = updated(subId, 'past_due', t, { current_period_start: t });
    const older = updated(subId, 'active', t, { current_period_start: t - 100 });
    // Both orders, delivered together.
    const results = await Promise.all([webhook(older), webhook(newer)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await webhook(older)).json().outcome).toBe('stale');
    const [row] = await s.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subId));
    expect(row!.status).toBe('past_due');
    expect(await mine()).toMatchObject({ status: 'past_due' });
  });
});

describe('one open checkout session per invoice', () => {
  const creates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

  it('reuses the open session, with an Idempotency-Key on the create, even when two checkouts race', async () => {
    const inv = await sentInvoice(2_200);
    const before = creates().length;
    const [a, b] = await Promise.all([checkout(inv.id), checkout(inv.id)]);
    expect(a).toBe(b);
    const c = await checkout(inv.id);
    expect(c).toBe(a);
    const made = creates().slice(before);
    expect(made.length).toBeGreaterThanOrEqual(1);
    for (const r of made) expect(r.idempotencyKey).toBe(`checkout:${inv.id}:0`);
    expect([...stripe.sessions.values()].filter((x) => x.client_reference_id === inv.id)).toHaveLength(1);
    const rows = await s.db.select().from(payments).where(eq(payments.invoiceId, inv.id));
    expect(rows).toHaveLength(1);
    // Paid once, whatever the retries.
    const delivery = stripe.completion(a);
    const outcomes = await Promise.all([webhook(delivery), webhook(stripe.completion(a))]);
    expect(outcomes.map((r) => r.json().outcome).sort()).toEqual(['already_settled', 'paid']);
    expect((await invoiceRow(inv.id)).status).toBe('paid');
  });

  it('opens a new session once Stripe has expired the old one', async () => {
    const inv = await sentInvoice(2_300);
    const first = await checkout(inv.id);
    stripe.sessions.set(first, { ...stripe.sessions.get(first)!, status: 'expired', url: null });
    const second = await checkout(inv.id);
    expect(second).not.toBe(first);
    expect((await paymentRow(first)).status).toBe('expired');
    expect(creates().at(-1)!.idempotencyKey).toBe(`checkout:${inv.id}:1`);
  });

  it('opens a new session when Stripe does not know the old one', async () => {
    const inv = await sentInvoice(2_350);
    const first = await checkout(inv.id);
    stripe.sessions.delete(first);
    const second = await checkout(inv.id);
    expect(second).not.toBe(first);
    expect((await paymentRow(first)).status).toBe('expired');
  });

  it('expires the open session at Stripe when the invoice is voided', async () => {
    const inv = await sentInvoice(2_400);
    const sid = await checkout(inv.id);
    const res = await api(admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'void', voidReason: 'Sold elsewhere' });
    expect(res.statusCode, res.body).toBe(200);
    await s.app.jobRunner!.runDue();
    await expect.poll(() => stripe.sessions.get(sid)!.status).toBe('expired');
    expect(stripe.requests.filter((r) => r.path === `/v1/checkout/sessions/${sid}/expire`).length).toBeGreaterThanOrEqual(1);
    // Stripe's expired event then closes our record.
    await webhook(stripe.signedEvent('checkout.session.expired', { ...stripe.sessions.get(sid) }));
    expect((await paymentRow(sid)).status).toBe('expired');
    expect((await api(member, 'POST', '/api/checkout', { invoiceId: inv.id })).statusCode).toBe(409);
  });
});

describe('delayed payment methods', () => {
  const memberNotices = async () => (await api(member, 'GET', '/api/user/notifications')).json();

  it('leaves the invoice processing at an unpaid completion, then settles once on async_payment_succeeded', async () => {
    const inv = await sentInvoice(6_100);
    const sid = await checkout(inv.id);
    const completed = await webhook(stripe.completion(sid, { paymentStatus: 'unpaid' }));
    expect(completed.json().outcome).toBe('processing');
    expect((await invoiceRow(inv.id)).status).toBe('sent');
    const view = await api(member, 'GET', `/api/checkout/session/${sid}`);
    expect(view.json()).toMatchObject({ status: 'processing', invoice: { status: 'sent' } });
    const listed = async () => (await api(member, 'GET', '/api/user/invoices')).json().invoices.find((i: Invoice) => i.id === inv.id) as Invoice;
    expect(await listed()).toMatchObject({ status: 'sent', processing: true });
    expect((await api(member, 'GET', `/api/user/invoices/${inv.id}`)).json()).toMatchObject({ invoice: { processing: true } });
    // The admin's list says so too, so nobody chases a member whose bank is moving the money.
    const adminList = (await api(admin, 'GET', `/api/admin/invoices?q=${inv.number}`)).json().invoices as Invoice[];
    expect(adminList.find((i) => i.id === inv.id)).toMatchObject({ status: 'sent', processing: true });
    const again = await api(member, 'POST', '/api/checkout', { invoiceId: inv.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(moneyMessages.paymentProcessing);

    const a = stripe.asyncPayment(sid, 'succeeded');
    const b = stripe.asyncPayment(sid, 'succeeded');
    const outcomes = await Promise.all([webhook(a), webhook(b), webhook(a)]);
    expect(outcomes.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(outcomes.filter((r) => r.json().outcome === 'paid')).toHaveLength(1);
    expect((await invoiceRow(inv.id)).status).toBe('paid');
    expect(await paymentRow(sid)).toMatchObject({ status: 'succeeded' });
    expect((await listed()).processing).toBeUndefined();
  });

  it('returns the invoice to open and tells the member when the delayed payment fails', async () => {
    const inv = await sentInvoice(6_200);
    const sid = await checkout(inv.id);
    expect((await webhook(stripe.completion(sid, { paymentStatus: 'unpaid' }))).json().outcome).toBe('processing');
    const failed = stripe.asyncPayment(sid, 'failed');
    const results = await Promise.all([webhook(failed), webhook(failed)]);
    expect(results.map((r) => r.json().outcome).sort()).toEqual(['failed', 'replay']);
    expect((await invoiceRow(inv.id)).status).toBe('sent');
    expect(await paymentRow(sid)).toMatchObject({ status: 'failed', failureReason: 'async_payment_failed' });
    const notices = JSON.stringify(await memberNotices());
    expect(notices.split(moneyMessages.paymentFailedTitle).length - 1).toBe(1);
    expect(notices).toContain(inv.number);
    // Open again: a new checkout opens a new session.
    const next = await checkout(inv.id);
    expect(next).not.toBe(sid);
    // A late success for the failed session pays nothing.
    expect((await webhook(stripe.asyncPayment(sid, 'succeeded'))).json().outcome).toBe('already_settled');
    expect((await invoiceRow(inv.id)).status).toBe('sent');
  });
});

describe('plan switch and cancel at Stripe', () => {
  it('cancels the old plan at Stripe when the new one starts, and refuses a second subscribe while one is open', async () => {
    const who = await signedInMember(s);
    const plans = await s.db
      .insert(subscriptionPlans)
      .values([
        { name: 'Switch Collector', priceCents: 1_900, benefits: [] },
        { name: 'Switch Investor', priceCents: 4_900, benefits: [] },
        { name: 'Switch Dealer', priceCents: 9_900, benefits: [] },
      ])
      .returning();
    const subscribe = (planId: string) => s.app.inject({ method: 'POST', url: '/api/subscribe', headers: who.headers, payload: { planId } });
    const mine = async () => (await s.app.inject({ method: 'GET', url: '/api/user/subscription', headers: who.headers })).json().subscription;

    const first = await subscribe(plans[0]!.id);
    expect(first.statusCode, first.body).toBe(200);
    const firstSid = (first.json().url as string).split('/').pop()!;
    // While that checkout is open, another plan is refused.
    const meanwhile = await subscribe(plans[1]!.id);
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().error).toBe(moneyMessages.subscriptionPending);
    expect((await webhook(stripe.completion(firstSid))).json().outcome).toBe('paid');
    const oldSub = stripe.sessions.get(firstSid)!.subscription!;

    const second = await subscribe(plans[1]!.id);
    expect(second.statusCode, second.body).toBe(200);
    const secondSid = (second.json().url as string).split('/').pop()!;
    expect((await subscribe(plans[2]!.id)).statusCode).toBe(409);
    // The old plan still bills until the new one is paid.
    expect(await mine()).toMatchObject({ plan: { id: plans[0]!.id }, status: 'active' });
    expect(stripe.canceledSubscriptions).not.toContain(oldSub);

    expect((await webhook(stripe.completion(secondSid))).json().outcome).toBe('paid');
    await s.app.jobRunner!.runDue();
    await expect.poll(() => stripe.canceledSubscriptions.includes(oldSub)).toBe(true);
    const newSub = stripe.sessions.get(secondSid)!.subscription!;
    expect(stripe.canceledSubscriptions).not.toContain(newSub);
    expect(await mine()).toMatchObject({ plan: { id: plans[1]!.id }, status: 'active' });

    // A checkout Stripe has expired no longer blocks the next one.
    const third = await subscribe(plans[2]!.id);
    expect(third.statusCode, third.body).toBe(200);
    const thirdSid = (third.json().url as string).split('/').pop()!;
    stripe.sessions.set(thirdSid, { ...stripe.sessions.get(thirdSid)!, status: 'expired', url: null });
    expect((await subscribe(plans[2]!.id)).statusCode).toBe(200);

    // Cancelling cancels at Stripe.
    expect((await s.app.inject({ method: 'POST', url: '/api/user/subscription/cancel', headers: who.headers })).statusCode).toBe(200);
    expect(stripe.canceledSubscriptions).toContain(newSub);
    expect(await mine()).toBeNull();
  });
});

describe('reservations that end close their Stripe session', () => {
  async function reservedCheckout() {
    const l = await createListing(s, { priceCents: 12_500 });
    const r = await api(member, 'POST', `/api/listings/${l.id}/reserve`);
    expect(r.statusCode, r.body).toBe(200);
    const invoiceId: string = r.json().invoiceId;
    return { listingId: l.id, invoiceId, sid: await checkout(invoiceId) };
  }
  const expiresCalled = (sid: string) => stripe.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sid}/expire`);

  it('expires the session when the buyer cancels the reservation', async () => {
    const { listingId, invoiceId, sid } = await reservedCheckout();
    expect((await api(member, 'POST', `/api/listings/${listingId}/cancel-reservation`)).statusCode).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe('void');
    await s.app.jobRunner!.runDue();
    await expect.poll(() => stripe.sessions.get(sid)!.status).toBe('expired');
    expect(expiresCalled(sid)).toBe(true);
  });

  it('expires the session when the reservation lapses', async () => {
    const { invoiceId, sid } = await reservedCheckout();
    s.clock.advance(16 * 60_000);
    await s.app.jobRunner!.runDue();
    await expect.poll(async () => (await invoiceRow(invoiceId)).status).toBe('void');
    await s.app.jobRunner!.runDue();
    await expect.poll(() => stripe.sessions.get(sid)!.status).toBe('expired');
    expect(expiresCalled(sid)).toBe(true);
    // A completion that still lands pays nothing.
    expect((await webhook(stripe.completion(sid))).json().outcome).toBe('refused');
    expect((await invoiceRow(invoiceId)).status).toBe('void');
  });
});

describe('money captured for an invoice that cannot take it', () => {
  const adminNotices = async () => JSON.stringify((await api(admin, 'GET', '/api/user/notifications')).json());
  const refundsOf = (sid: string) => stripe.refunds.filter((r) => r.payment_intent === stripe.sessions.get(sid)!.payment_intent);
  const trialBalance = async () =>
    (await api(admin, 'GET', '/api/admin/ledger/trial-balance')).json() as { balanced: boolean; accounts: { code: string; balanceCents: number }[] };
  const ledgerFor = async (invoiceId: string) =>
    ((await api(admin, 'GET', `/api/admin/ledger/entries?invoiceId=${invoiceId}`)).json() as { entries: { causeType: string }[] }).entries
      .map((e) => e.causeType)
      .sort();

  it('refunds the second of two sessions completing together for one invoice, and tells the admins', async () => {
    const inv = await sentInvoice(8_800);
    const a = await checkout(inv.id);
    // Two sessions open for one invoice (as checkouts made before one-session-per-invoice left them).
    stripe.sessions.set(a, { ...stripe.sessions.get(a)!, status: 'expired', url: null });
    const b = await checkout(inv.id);
    stripe.sessions.set(a, { ...stripe.sessions.get(a)!, status: 'open' });
    await s.db.update(payments).set({ status: 'pending', failureReason: null }).where(eq(payments.sessionId, a));
    const results = await Promise.all([webhook(stripe.completion(a)), webhook(stripe.completion(b))]);
    expect(results.map((r) => r.json().outcome).sort()).toEqual(['already_settled', 'paid']);
    expect((await invoiceRow(inv.id)).status).toBe('paid');
    const loser = results[0]!.json().outcome === 'paid' ? b : a;
    await s.app.jobRunner!.runDue();
    await expect.poll(() => refundsOf(loser).length).toBe(1);
    expect(refundsOf(loser === a ? b : a)).toHaveLength(0);
    expect(refundsOf(loser)[0]!.idempotencyKey).toBe(`refund:${(await paymentRow(loser)).id}`);
    expect(await adminNotices()).toContain(`for invoice ${inv.number} was captured after the invoice could no longer take it`);
    // On the ledger: the capture owed back, then its refund; nothing left owing on the invoice.
    await expect.poll(() => ledgerFor(inv.id)).toEqual(['capture_refused', 'invoice_sent', 'payment_settled', 'refund']);
    expect((await trialBalance()).balanced).toBe(true);
  });

  it('refunds a wrong currency and a completion for a void invoice', async () => {
    const eur = await sentInvoice(8_900);
    const sid = await checkout(eur.id);
    expect((await webhook(stripe.completion(sid, { currency: 'eur' }))).json().outcome).toBe('refused');
    const gone = await sentInvoice(9_000);
    const late = await checkout(gone.id);
    expect((await api(admin, 'PATCH', `/api/admin/invoices/${gone.id}`, { status: 'void', voidReason: 'Waived' })).statusCode).toBe(200);
    expect((await webhook(stripe.completion(late))).json().outcome).toBe('refused');
    await s.app.jobRunner!.runDue();
    await expect.poll(() => refundsOf(sid).length + refundsOf(late).length).toBe(2);
    expect((await invoiceRow(gone.id)).status).toBe('void');
    await expect.poll(() => ledgerFor(gone.id)).toEqual(['capture_refused', 'invoice_sent', 'invoice_voided', 'refund']);
    await expect.poll(() => ledgerFor(eur.id)).toEqual(['capture_refused', 'invoice_sent', 'refund']);
    expect((await trialBalance()).balanced).toBe(true);
  });
});

describe('memberships refunded', () => {
  async function paidMembership(priceCents: number, complete?: { amountCents: number }) {
    const who = await signedInMember(s);
    const [plan] = await s.db
      .insert(subscriptionPlans)
      .values({ name: `Refund plan ${priceCents}`, priceCents, benefits: [] })
      .returning();
    const res = await s.app.inject({ method: 'POST', url: '/api/subscribe', headers: who.headers, payload: { planId: plan!.id } });
    expect(res.statusCode, res.body).toBe(200);
    const sid = (res.json().url as string).split('/').pop()!;
    const outcome = (await webhook(stripe.completion(sid, complete))).json().outcome;
    const sub = stripe.sessions.get(sid)!.subscription!;
    const [inv] = await s.db.select().from(invoices).where(eq(invoices.userId, who.user.id));
    return { who, sub, invoice: inv!, outcome };
  }
  const mine = async (who: SignedInUser) =>
    (await s.app.inject({ method: 'GET', url: '/api/user/subscription', headers: who.headers })).json().subscription;
  const refundsOfIntent = (pi: string | null) => stripe.refunds.filter((r) => r.payment_intent === pi);
  const causes = async (invoiceId: string) =>
    ((await api(admin, 'GET', `/api/admin/ledger/entries?invoiceId=${invoiceId}`)).json() as { entries: { causeType: string }[] }).entries
      .map((e) => e.causeType)
      .sort();

  it('refunds a membership capture that cannot apply through its first invoice, and cancels the subscription at Stripe', async () => {
    const { sub, invoice, outcome } = await paidMembership(2_700, { amountCents: 2_600 });
    expect(outcome).toBe('refused');
    await s.app.jobRunner!.runDue();
    const pi = stripe.firstInvoicePayment(sub);
    expect(pi).toMatch(/^pi_/);
    await expect.poll(() => refundsOfIntent(pi).map((r) => r.amount)).toEqual([2_600]);
    await expect.poll(() => stripe.canceledSubscriptions.includes(sub)).toBe(true);
    await expect.poll(() => causes(invoice.id)).toEqual(['capture_refused', 'invoice_sent', 'refund']);
    const notices = JSON.stringify((await api(admin, 'GET', '/api/user/notifications')).json());
    expect(notices).toContain('it is being refunded and the membership cancelled at the provider');
  });

  it('ends a membership whose invoice an admin refunds in full, here and at Stripe; a partial refund leaves it running', async () => {
    const { who, sub, invoice, outcome } = await paidMembership(3_100);
    expect(outcome).toBe('paid');
    const refund = (amountCents: number, key: string) =>
      s.app.inject({
        method: 'POST',
        url: `/api/admin/invoices/${invoice.id}/refunds`,
        headers: { ...admin.headers, 'idempotency-key': key },
        payload: { amountCents, reason: 'Goodwill' },
      });
    expect((await refund(1_000, `part-${invoice.id}`)).statusCode).toBe(201);
    await s.app.jobRunner!.runDue();
    const pi = stripe.firstInvoicePayment(sub);
    await expect.poll(() => refundsOfIntent(pi).length).toBe(1);
    await expect.poll(async () => (await causes(invoice.id)).filter((c) => c === 'refund').length).toBe(1);
    expect(await mine(who)).toMatchObject({ status: 'active' });
    expect(stripe.canceledSubscriptions).not.toContain(sub);

    expect((await refund(2_100, `rest-${invoice.id}`)).statusCode).toBe(201);
    await s.app.jobRunner!.runDue();
    await expect.poll(() => refundsOfIntent(pi).map((r) => r.amount)).toEqual([1_000, 2_100]);
    await expect.poll(() => mine(who)).toBeNull();
    await s.app.jobRunner!.runDue();
    await expect.poll(() => stripe.canceledSubscriptions.includes(sub)).toBe(true);
    const [row] = await s.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub));
    expect(row).toMatchObject({ status: 'canceled', invoiceId: invoice.id });
    const notes = JSON.stringify((await s.app.inject({ method: 'GET', url: '/api/user/notifications', headers: who.headers })).json());
    expect(notes).toContain(refundMessages.membershipEnded);
  });
});
