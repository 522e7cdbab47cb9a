import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#common/live.ts';
import { INVOICE_NUMBER_PATTERN, isOverdue, moneyMessages, type CheckoutSession, type Invoice } from '#common/money.ts';
import { invoices, payments, subscriptionPlans } from '#server/db/schema/money.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe.ts';
import { createFeeTemplate, createInvoice, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { pdfTextLines } from '#server/test/pdf-text.ts';
import { sendOverdueNotices } from './money.jobs.ts';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;
const published: LiveEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, { name: 'Ledger Admin' });
  member = await signedInMember(t, { name: 'Paying Member' });
  other = await signedInMember(t, { name: 'Other Member' });
  const original = t.app.ctx.live.publish.bind(t.app.ctx.live);
  t.app.ctx.live.publish = async (audience, event) => {
    published.push(event);
    return original(audience, event);
  };
});
afterAll(async () => {
  await t?.close();
});

const api = (app: TestApp, who: SignedInUser | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: who?.headers, payload: payload as never });

const due = '2030-01-31';
const fixed = (label: string, amountCents: number) => ({ type: 'fixed', label, amountCents });

async function draft(app: TestApp, who: SignedInUser, userId: string, lines: unknown[] = [fixed('Authentication fee', 4_500)]) {
  const res = await api(app, who, 'POST', '/api/admin/invoices', { userId, lines, dueDate: due });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ invoice: Invoice }>().invoice;
}

async function sent(app: TestApp, who: SignedInUser, userId: string, lines?: unknown[]) {
  const inv = await draft(app, who, userId, lines);
  const res = await api(app, who, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'sent' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ invoice: Invoice }>().invoice;
}

const sessionOf = (url: string) => new URL(url, 'http://x').searchParams.get('session')!;

describe('invoice numbers', () => {
  it('gives 20 concurrent creations 20 different INV- numbers from the sequence', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(t, admin, 'POST', '/api/admin/invoices', { userId: member.user.id, lines: [fixed('Storage', 1_000)], dueDate: due }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.json<{ invoice: Invoice }>().invoice.number);
    for (const n of numbers) expect(n).toMatch(INVOICE_NUMBER_PATTERN);
    expect(new Set(numbers).size).toBe(20);
  });
});

describe('totals and bad input', () => {
  it('fills lines from a template on a base amount and computes the totals in whole cents', async () => {
    const tpl = await createFeeTemplate(t);
    const res = await api(t, admin, 'POST', '/api/admin/invoices', {
      userId: member.user.id,
      templateId: tpl.id,
      baseAmountCents: 123_457,
      dueDate: due,
    });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json<{ invoice: Invoice }>().invoice;
    // 2.5% of $1,234.57 is $30.86425 → $30.86.
    expect(inv.lines.map((l) => l.amountCents)).toEqual([2_500, 3_086]);
    expect(inv.subtotalCents).toBe(5_586);
    expect(inv.totalCents).toBe(5_586);
    expect(inv.status).toBe('draft');
    expect(inv.templateId).toBe(tpl.id);
  });

  it('asks for the base amount when a template has percentage lines', async () => {
    const tpl = await createFeeTemplate(t);
    const res = await api(t, admin, 'POST', '/api/admin/invoices', { userId: member.user.id, templateId: tpl.id, dueDate: due });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(moneyMessages.baseRequired);
  });

  it.each([
    ['negative cents', { lines: [fixed('Refund', -100)] }],
    ['fractional cents', { lines: [fixed('Fee', 10.5)] }],
    ['basis points over 10,000', { lines: [{ type: 'bps', label: 'Too much', basisPoints: 10_001, baseCents: 1_000 }] }],
    ['an empty line list', { lines: [] }],
    ['a client-sent total', { lines: [fixed('Fee', 1_000)], totalCents: 1 }],
    ['neither lines nor a template', {}],
  ])('refuses %s with a 400', async (_name, body) => {
    const res = await api(t, admin, 'POST', '/api/admin/invoices', { userId: member.user.id, dueDate: due, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBeTruthy();
  });

  it('refuses a fee template with basis points over 10,000 or no lines', async () => {
    const over = await api(t, admin, 'POST', '/api/admin/fee-templates', {
      name: 'Bad',
      appliesTo: 'loan',
      lines: [{ type: 'bps', label: 'x', basisPoints: 10_001 }],
    });
    expect(over.statusCode).toBe(400);
    const empty = await api(t, admin, 'POST', '/api/admin/fee-templates', { name: 'Bad', appliesTo: 'loan', lines: [] });
    expect(empty.statusCode).toBe(400);
    const ok = await api(t, admin, 'POST', '/api/admin/fee-templates', {
      name: 'Loan origination',
      appliesTo: 'loan',
      lines: [{ type: 'bps', label: 'Origination', basisPoints: 100 }],
    });
    expect(ok.statusCode).toBe(201);
    const list = await api(t, admin, 'GET', '/api/admin/fee-templates');
    expect(list.json().templates.map((x: { name: string }) => x.name)).toContain('Loan origination');
  });
});

describe('edit rules', () => {
  it('edits a draft, then refuses edits once sent; void needs a reason and is final', async () => {
    const inv = await draft(t, admin, member.user.id);
    const edited = await api(t, admin, 'PATCH', `/api/admin/invoices/${inv.id}`, {
      lines: [fixed('Grading', 3_000), fixed('Shipping', 1_250)],
      notes: 'Two slabs',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().invoice.totalCents).toBe(4_250);

    const before = published.length;
    const send = await api(t, admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'sent' });
    expect(send.json().invoice.status).toBe('sent');
    expect(published.slice(before)).toContainEqual(
      expect.objectContaining({ type: 'notification', userId: member.user.id, title: moneyMessages.invoiceSentTitle }),
    );
    // The due date as people read it, never the raw 2030-01-31.
    expect(published.slice(before)).toContainEqual(
      expect.objectContaining({ type: 'notification', message: `Invoice ${inv.number} for $42.50 is ready to pay, due Jan 31, 2030` }),
    );
    // Each notification to its audience: the admin who sent it gets no "ready to pay" toast or bell row.
    expect(published.slice(before).filter((e) => e.type === 'notification' && (e as { toAdmins?: boolean }).toAdmins)).toEqual([]);
    const adminBell = await api(t, admin, 'GET', '/api/user/notifications');
    expect((adminBell.json().notifications as { title: string }[]).filter((n) => n.title === moneyMessages.invoiceSentTitle)).toEqual([]);

    const late = await api(t, admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { lines: [fixed('Grading', 1)] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(moneyMessages.notDraft);

    const noReason = await api(t, admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'void' });
    expect(noReason.statusCode).toBe(400);
    const voided = await api(t, admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'void', voidReason: 'Billed twice' });
    expect(voided.json().invoice).toMatchObject({ status: 'void', voidReason: 'Billed twice' });
    const again = await api(t, admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'sent' });
    expect(again.statusCode).toBe(409);
  });

  it('lists with filters and the outstanding total, and derives overdue from the due date', async () => {
    const overdue = await createInvoice(t, other.user, { dueDate: '2020-01-01' });
    const res = await api(t, admin, 'GET', `/api/admin/invoices?overdue=true&userId=${other.user.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.invoices.map((i: Invoice) => i.id)).toEqual([overdue.id]);
    expect(body.invoices[0].overdue).toBe(true);
    expect(body.outstandingCents).toBeGreaterThanOrEqual(12_000);
    const q = await api(t, admin, 'GET', `/api/admin/invoices?q=${overdue.number}`);
    expect(q.json().invoices.map((i: Invoice) => i.id)).toEqual([overdue.id]);
  });
});

describe('member isolation', () => {
  it("shows members their own sent invoices only; someone else's or a draft is not found", async () => {
    const mine = await sent(t, admin, member.user.id);
    const hidden = await draft(t, admin, member.user.id);
    const list = await api(t, member, 'GET', '/api/user/invoices');
    const ids = list.json().invoices.map((i: Invoice) => i.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(hidden.id);
    expect((await api(t, member, 'GET', `/api/user/invoices/${hidden.id}`)).statusCode).toBe(404);
    expect((await api(t, other, 'GET', `/api/user/invoices/${mine.id}`)).statusCode).toBe(404);
    expect((await api(t, other, 'GET', `/api/user/invoices/${mine.id}/pdf`)).statusCode).toBe(404);
    expect((await api(t, other, 'POST', '/api/checkout', { invoiceId: mine.id })).statusCode).toBe(404);
    expect((await api(t, member, 'GET', '/api/admin/invoices')).statusCode).toBe(403);

    const pdf = await api(t, member, 'GET', `/api/user/invoices/${mine.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfTextLines(pdf.rawPayload);
    expect(text).toContain(mine.number);
    expect(text).toContain('Jan 31, 2030');
    expect(text.join('\n')).not.toContain(due);
  });
});

describe('checkout with the test provider', () => {
  it('pays an invoice exactly once under concurrent completions and replays', async () => {
    const inv = await sent(t, admin, member.user.id, [fixed('Consignment fee', 7_777)]);
    const open = await api(t, member, 'POST', '/api/checkout', { invoiceId: inv.id });
    expect(open.statusCode, open.body).toBe(200);
    const { url } = open.json<{ url: string }>();
    expect(url).toMatch(/^\/payment-test\?session=/);
    const sid = sessionOf(url);

    const before = published.length;
    const results = await Promise.all(Array.from({ length: 8 }, () => api(t, member, 'POST', `/api/payment-test/${sid}/complete`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    for (const r of results) expect(r.json<CheckoutSession>()).toMatchObject({ status: 'succeeded', invoice: { status: 'paid' } });
    const replay = await api(t, member, 'POST', `/api/payment-test/${sid}/complete`);
    expect(replay.json<CheckoutSession>().invoice.paidAt).toBe(results[0]!.json<CheckoutSession>().invoice.paidAt);

    const paidEvents = published.slice(before).filter((e) => e.type === 'notification' && e.title === moneyMessages.invoicePaidTitle);
    expect(paidEvents).toHaveLength(1);
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, inv.id));
    expect(rows.filter((p) => p.status === 'succeeded')).toHaveLength(1);

    const status = await api(t, member, 'GET', `/api/checkout/session/${sid}`);
    expect(status.json()).toMatchObject({ kind: 'invoice', status: 'succeeded', amountCents: 7_777 });
    expect((await api(t, other, 'GET', `/api/checkout/session/${sid}`)).statusCode).toBe(404);

    const twice = await api(t, member, 'POST', '/api/checkout', { invoiceId: inv.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(moneyMessages.alreadyPaid);
  });

  it('pays once when two sessions for one invoice complete together', async () => {
    const inv = await sent(t, admin, member.user.id);
    const a = sessionOf((await api(t, member, 'POST', '/api/checkout', { invoiceId: inv.id })).json().url);
    const b = sessionOf((await api(t, member, 'POST', '/api/checkout', { invoiceId: inv.id })).json().url);
    await Promise.all([api(t, member, 'POST', `/api/payment-test/${a}/complete`), api(t, member, 'POST', `/api/payment-test/${b}/complete`)]);
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, inv.id));
    expect(rows.filter((p) => p.status === 'succeeded')).toHaveLength(1);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(row!.status).toBe('paid');
  });

  it('declines without paying, and refuses a void invoice', async () => {
    const inv = await sent(t, admin, member.user.id);
    const sid = sessionOf((await api(t, member, 'POST', '/api/checkout', { invoiceId: inv.id })).json().url);
    const declined = await api(t, member, 'POST', `/api/payment-test/${sid}/decline`);
    expect(declined.json()).toMatchObject({ status: 'failed', invoice: { status: 'sent' } });
    expect((await api(t, member, 'POST', `/api/payment-test/${sid}/complete`)).statusCode).toBe(409);

    await api(t, admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'void', voidReason: 'Waived' });
    const res = await api(t, member, 'POST', '/api/checkout', { invoiceId: inv.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(moneyMessages.isVoid);
  });
});

describe('memberships with the test provider', () => {
  it('subscribes to a plan through checkout and shows the active membership', async () => {
    const [plan] = await t.db
      .insert(subscriptionPlans)
      .values({ name: 'Test Collector', priceCents: 1_900, benefits: ['Vault discount'] })
      .returning();
    const plans = await api(t, member, 'GET', '/api/subscription-plans');
    expect(plans.json().plans.map((p: { id: string }) => p.id)).toContain(plan!.id);
    expect((await api(t, member, 'POST', '/api/subscribe', { planId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);

    const open = await api(t, member, 'POST', '/api/subscribe', { planId: plan!.id });
    expect(open.statusCode, open.body).toBe(200);
    const sid = sessionOf(open.json().url);
    const done = await api(t, member, 'POST', `/api/payment-test/${sid}/complete`);
    expect(done.json()).toMatchObject({ kind: 'subscription', status: 'succeeded', plan: { id: plan!.id } });
    const sub = await api(t, member, 'GET', '/api/user/subscription');
    expect(sub.json().subscription).toMatchObject({ status: 'active', plan: { id: plan!.id } });
    expect((await api(t, member, 'POST', '/api/subscribe', { planId: plan!.id })).statusCode).toBe(409);

    const cancel = await api(t, member, 'POST', '/api/user/subscription/cancel');
    expect(cancel.statusCode).toBe(200);
    expect((await api(t, member, 'GET', '/api/user/subscription')).json().subscription).toBeNull();
  });
});

describe('Stripe through the fake Stripe server', () => {
  let s: TestApp;
  let stripe: FakeStripe;
  let sAdmin: SignedInUser;
  let sMember: SignedInUser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    s = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_API_URL: stripe.url,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      },
    });
    sAdmin = await signedInAdmin(s);
    sMember = await signedInMember(s);
  });
  afterAll(async () => {
    await s?.close();
    await stripe?.close();
  });

  const webhook = (d: { body: string; signature: string }) =>
    s.rawInject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': d.signature },
      payload: d.body,
    });

  async function stripeCheckout(amount: number) {
    const inv = await sent(s, sAdmin, sMember.user.id, [fixed('Listing fee', amount)]);
    const res = await api(s, sMember, 'POST', '/api/checkout', { invoiceId: inv.id });
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().url;
    expect(url.startsWith(stripe.url)).toBe(true);
    const sid = url.split('/').pop()!;
    expect(stripe.sessions.get(sid)).toMatchObject({ mode: 'payment', amount_total: amount, metadata: { invoiceId: inv.id } });
    expect(stripe.sessions.get(sid)!.success_url).toContain(`/payment-success?session_id=${sid}`);
    return { inv, sid };
  }

  const invoiceStatus = async (id: string) => (await s.db.select().from(invoices).where(eq(invoices.id, id)))[0]!.status;

  it('settles on a correctly signed checkout.session.completed, once, whatever the replays', async () => {
    const { inv, sid } = await stripeCheckout(2_400);
    const delivery = stripe.completion(sid);
    const first = await webhook(delivery);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().outcome).toBe('paid');
    expect(await invoiceStatus(inv.id)).toBe('paid');
    const replays = await Promise.all([webhook(delivery), webhook(delivery)]);
    expect(replays.map((r) => r.json().outcome)).toEqual(['replay', 'replay']);
    const session = await api(s, sMember, 'GET', `/api/checkout/session/${sid}`);
    expect(session.json()).toMatchObject({ provider: 'stripe', status: 'succeeded', invoice: { status: 'paid' } });
    expect((await api(s, sMember, 'POST', `/api/payment-test/${sid}/complete`)).statusCode).toBe(404);
  });

  it('refuses a bad signature and an old timestamp, changing nothing', async () => {
    const { inv, sid } = await stripeCheckout(3_100);
    const forged = stripe.completion(sid, { secret: 'whsec_not_ours' });
    const bad = await webhook(forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(moneyMessages.stripeSignature);
    const tampered = stripe.completion(sid);
    expect((await webhook({ body: tampered.body.replace('3100', '1'), signature: tampered.signature })).statusCode).toBe(400);
    const old = stripe.completion(sid, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await webhook(old)).statusCode).toBe(400);
    expect((await webhook({ body: old.body, signature: '' })).statusCode).toBe(400);
    expect(await invoiceStatus(inv.id)).toBe('sent');
  });

  it('refuses and logs an amount that does not match the invoice', async () => {
    const { inv, sid } = await stripeCheckout(5_000);
    const res = await webhook(stripe.completion(sid, { amountCents: 50 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().outcome).toBe('refused');
    expect(await invoiceStatus(inv.id)).toBe('sent');
    const [p] = await s.db.select().from(payments).where(eq(payments.sessionId, sid));
    expect(p).toMatchObject({ status: 'failed', failureReason: 'amount_mismatch' });
  });

  it('marks an expired session and ignores events it does not handle', async () => {
    const { sid } = await stripeCheckout(1_500);
    const expired = await webhook(stripe.signedEvent('checkout.session.expired', { id: sid, object: 'checkout.session' }));
    expect(expired.json().outcome).toBe('expired');
    const [p] = await s.db.select().from(payments).where(eq(payments.sessionId, sid));
    expect(p!.status).toBe('expired');
    const other = await webhook(stripe.signedEvent('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(other.json().outcome).toBe('ignored');
  });

  it('subscribes in subscription mode and follows the subscription events', async () => {
    const [plan] = await s.db.insert(subscriptionPlans).values({ name: 'Stripe Investor', priceCents: 4_900, benefits: [] }).returning();
    const open = await api(s, sMember, 'POST', '/api/subscribe', { planId: plan!.id });
    expect(open.statusCode, open.body).toBe(200);
    const sid = (open.json().url as string).split('/').pop()!;
    expect(stripe.sessions.get(sid)).toMatchObject({ mode: 'subscription', amount_total: 4_900 });
    expect(stripe.sessions.get(sid)!.success_url).toContain('/subscription-success?session_id=');
    const done = await webhook(stripe.completion(sid));
    expect(done.json().outcome).toBe('paid');
    const subId = stripe.sessions.get(sid)!.subscription!;
    expect((await api(s, sMember, 'GET', '/api/user/subscription')).json().subscription).toMatchObject({ status: 'active', plan: { id: plan!.id } });

    await webhook(
      stripe.signedEvent('customer.subscription.updated', {
        id: subId,
        object: 'subscription',
        status: 'past_due',
        items: { data: [{ current_period_end: 1_900_000_000 }] },
      }),
    );
    const pastDue = (await api(s, sMember, 'GET', '/api/user/subscription')).json().subscription;
    expect(pastDue).toMatchObject({ status: 'past_due', currentPeriodEnd: new Date(1_900_000_000_000).toISOString() });

    const cancel = await api(s, sMember, 'POST', '/api/user/subscription/cancel');
    expect(cancel.statusCode).toBe(200);
    expect(stripe.canceledSubscriptions).toContain(subId);
  });
});

describe('demo seed', () => {
  it('has templates for loans, sales and listings, three plans, and every invoice status for a demo member', async () => {
    const casey = await api(t, admin, 'GET', '/api/admin/invoices?q=Casey');
    const statuses = new Set(casey.json().invoices.map((i: Invoice) => i.status));
    expect([...statuses].sort()).toEqual(['draft', 'paid', 'sent', 'void']);
    // The seed dates from the real clock; the test app's clock is fixed, so judge by today.
    expect(casey.json().invoices.some((i: Invoice) => isOverdue(i, new Date()))).toBe(true);
    const kinds = (await api(t, admin, 'GET', '/api/admin/fee-templates')).json().templates.map((x: { appliesTo: string }) => x.appliesTo);
    expect(kinds).toEqual(expect.arrayContaining(['loan', 'sale', 'listing']));
    expect((await api(t, member, 'GET', '/api/subscription-plans')).json().plans.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['Collector', 'Investor', 'Private']),
    );
  });
});

describe('overdue notices', () => {
  it('tells the member once about a sent invoice past its due date', async () => {
    const late = await createInvoice(t, member.user, { dueDate: '2021-03-01' });
    const before = published.length;
    expect(await sendOverdueNotices(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const notices = published.slice(before).filter((e) => e.type === 'notification' && e.message.includes(late.number));
    expect(notices).toHaveLength(1);
    expect(await sendOverdueNotices(t.app.ctx)).toBe(0);
  });
});
