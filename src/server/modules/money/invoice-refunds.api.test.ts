import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LedgerEntriesResponse, TrialBalance } from '#common/ledger.ts';
import { refundMessages, type Invoice, type Refund } from '#common/money.ts';
import { auditLog } from '#server/db/schema/users.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { payments, refunds } from '#server/db/schema/money.ts';
import type { FakeStripe } from '#server/test/fake-stripe.ts';
import { signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { startStripeApp, type StripeApp } from '#server/test/stripe-app.ts';

// Issue 30: an admin refunds a paid invoice, fully or in part; Stripe dashboard refunds arrive by webhook.
type Method = 'GET' | 'POST' | 'PATCH';
type Refunded = { refund: Refund; invoice: Invoice };

function helpers(get: () => { t: TestApp; admin: SignedInUser; member: SignedInUser }) {
  const api = (who: SignedInUser | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    get().t.app.inject({ method, url, headers: { ...who?.headers, ...headers }, payload: payload as never });
  const tb = async () => {
    const res = await api(get().admin, 'GET', '/api/admin/ledger/trial-balance');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TrialBalance>();
  };
  const entriesOf = async (invoiceId: string) =>
    (await api(get().admin, 'GET', `/api/admin/ledger/entries?invoiceId=${invoiceId}`)).json<LedgerEntriesResponse>().entries;
  const refundEntries = async (invoiceId: string) => (await entriesOf(invoiceId)).filter((e) => e.causeType === 'refund');
  async function sentInvoice(amountCents: number) {
    const { admin, member } = get();
    const res = await api(admin, 'POST', '/api/admin/invoices', {
      userId: member.user.id,
      lines: [{ type: 'fixed', label: 'Grading fee', amountCents }],
      dueDate: '2030-01-31',
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ invoice: Invoice }>().invoice.id;
    expect((await api(admin, 'PATCH', `/api/admin/invoices/${id}`, { status: 'sent' })).statusCode).toBe(200);
    return id;
  }
  const refund = (invoiceId: string, body: unknown, key?: string) =>
    api(get().admin, 'POST', `/api/admin/invoices/${invoiceId}/refunds`, body, key ? { 'idempotency-key': key } : {});
  return { api, tb, entriesOf, refundEntries, sentInvoice, refund };
}

describe('admin refunds with the test provider', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let member: SignedInUser;
  const h = helpers(() => ({ t, admin, member }));
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t, { name: 'Refund Admin' });
    member = await signedInMember(t, { name: 'Refund Member' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function paidInvoice(amountCents: number) {
    const id = await h.sentInvoice(amountCents);
    const open = await h.api(member, 'POST', '/api/checkout', { invoiceId: id });
    expect(open.statusCode, open.body).toBe(200);
    const sid = new URL(open.json<{ url: string }>().url, 'http://x').searchParams.get('session')!;
    expect((await h.api(member, 'POST', `/api/payment-test/${sid}/complete`)).statusCode).toBe(200);
    return id;
  }

  it('refunds part of a paid invoice at once, books it, tells the member, and keeps the books balanced', async () => {
    const id = await paidInvoice(8_000);
    const res = await h.refund(id, { amountCents: 3_000, reason: 'Grade came back lower' });
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json<Refunded>();
    expect(out.refund).toMatchObject({ amountCents: 3_000, status: 'succeeded', reason: 'Grade came back lower', createdBy: { id: admin.user.id } });
    expect(out.invoice.refundedCents).toBe(3_000);
    const entries = await h.refundEntries(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.lines.map((l) => [l.account, l.debitCents, l.creditCents]).sort()).toEqual([
      ['provider_clearing', 0, 3_000],
      ['refunds', 3_000, 0],
    ]);
    expect((await h.tb()).balanced).toBe(true);
    // The member sees it on their invoice, and was told.
    const mine = await h.api(member, 'GET', `/api/user/invoices/${id}`);
    expect(mine.json<{ invoice: Invoice }>().invoice.refundedCents).toBe(3_000);
    const list = await h.api(member, 'GET', '/api/user/invoices');
    expect(list.json<{ invoices: Invoice[] }>().invoices.find((i) => i.id === id)?.refundedCents).toBe(3_000);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(told.some((n) => n.title === refundMessages.memberTitle && n.message.includes('$30.00'))).toBe(true);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audited.some((a) => a.action === 'invoice.refunded' && a.actorId === admin.user.id)).toBe(true);
    const past = await h.api(admin, 'GET', `/api/admin/invoices/${id}/refunds`);
    expect(past.json<{ refunds: Refund[] }>().refunds.map((r) => r.amountCents)).toEqual([3_000]);
  });

  it('refuses more than what is left (409, with the amounts) and a non-paid invoice', async () => {
    const id = await paidInvoice(5_000);
    expect((await h.refund(id, { amountCents: 4_000, reason: 'Partial' })).statusCode).toBe(201);
    const over = await h.refund(id, { amountCents: 1_001, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe(refundMessages.tooMuch('$10.01', '$10.00'));
    expect((await h.refund(id, { amountCents: 1_000, reason: 'The rest' })).statusCode).toBe(201);
    expect((await h.refund(id, { amountCents: 1, reason: 'Nothing left' })).statusCode).toBe(409);
    expect((await h.api(admin, 'GET', `/api/admin/invoices/${id}`)).json<{ invoice: Invoice }>().invoice.refundedCents).toBe(5_000);

    const sent = await h.sentInvoice(2_000);
    const notPaid = await h.refund(sent, { amountCents: 100, reason: 'Not paid' });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error).toBe(refundMessages.notPaid);
    expect((await h.refundEntries(sent)).length).toBe(0);
    expect((await h.refund(id, { amountCents: 0, reason: 'x' })).statusCode).toBe(400);
    expect((await h.refund(id, { amountCents: 10, reason: ' ' })).statusCode).toBe(400);
    expect((await h.refund('00000000-0000-4000-8000-000000000000', { amountCents: 10, reason: 'x' })).statusCode).toBe(404);
    expect((await h.tb()).balanced).toBe(true);
  });

  it('one Idempotency-Key is one refund; the same key with another body is a 409', async () => {
    const id = await paidInvoice(6_000);
    const body = { amountCents: 2_500, reason: 'Damaged in transit' };
    const first = await h.refund(id, body, 'refund-key-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await h.refund(id, body, 'refund-key-1');
    expect(again.statusCode).toBe(200);
    expect(again.json<Refunded>().refund.id).toBe(first.json<Refunded>().refund.id);
    const other = await h.refund(id, { ...body, amountCents: 2_000 }, 'refund-key-1');
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toBe(refundMessages.keyReused);
    expect(await h.refundEntries(id)).toHaveLength(1);
    expect((await h.api(admin, 'GET', `/api/admin/invoices/${id}`)).json<{ invoice: Invoice }>().invoice.refundedCents).toBe(2_500);
    expect((await h.tb()).balanced).toBe(true);
  });

  it('is for admins only', async () => {
    const id = await paidInvoice(1_000);
    const res = await h.api(member, 'POST', `/api/admin/invoices/${id}/refunds`, { amountCents: 100, reason: 'Mine' });
    expect([401, 403]).toContain(res.statusCode);
    expect(await h.refundEntries(id)).toHaveLength(0);
  });
});

describe('admin refunds through Stripe', () => {
  let sa: StripeApp;
  let t: TestApp;
  let stripe: FakeStripe;
  let admin: SignedInUser;
  let member: SignedInUser;
  const h = helpers(() => ({ t, admin, member }));
  beforeAll(async () => {
    sa = await startStripeApp();
    ({ t, stripe } = sa);
  });
  // Fresh sessions each test: a test that walks the clock through retries may outlive the last ones.
  beforeEach(async () => {
    admin = await signedInAdmin(t);
    member = await signedInMember(t);
  });
  afterAll(async () => {
    await sa?.close();
  });
  const webhook = (d: { body: string; signature: string }) => sa.webhook(d);

  async function paidInvoice(amountCents: number) {
    const id = await h.sentInvoice(amountCents);
    const open = await h.api(member, 'POST', '/api/checkout', { invoiceId: id });
    expect(open.statusCode, open.body).toBe(200);
    const sid = (open.json().url as string).split('/').pop()!;
    const res = await webhook(stripe.completion(sid));
    expect(res.json().outcome).toBe('paid');
    const [p] = await t.db.select().from(payments).where(eq(payments.sessionId, sid));
    return { id, sid, intent: p!.intentId! };
  }

  it('refunds at Stripe outside the transaction, then books it once when Stripe answers', async () => {
    const { id, intent } = await paidInvoice(9_000);
    const res = await h.refund(id, { amountCents: 4_500, reason: 'Half back' }, 'stripe-refund-1');
    expect(res.statusCode, res.body).toBe(201);
    const { refund } = res.json<Refunded>();
    expect(refund.status).toBe('pending');
    expect(await h.refundEntries(id)).toHaveLength(0);
    // Pending counts against what is left.
    expect((await h.refund(id, { amountCents: 4_501, reason: 'Too much' })).statusCode).toBe(409);
    const refundsOf = async () => (await h.api(admin, 'GET', `/api/admin/invoices/${id}/refunds`)).json<{ refunds: Refund[] }>().refunds;
    // The job runner may also be working in the background: wait for the booking to commit.
    await expect
      .poll(async () => {
        await t.app.jobRunner!.runDue();
        return (await refundsOf())[0]?.status;
      })
      .toBe('succeeded');
    const made = stripe.refunds.filter((r) => r.payment_intent === intent);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ idempotencyKey: `refund:${refund.id}`, amount: 4_500 });
    expect((await refundsOf())[0]).toMatchObject({ id: refund.id, status: 'succeeded', providerRefundId: made[0]!.id });
    expect(await h.refundEntries(id)).toHaveLength(1);
    // Stripe's charge.refunded for our own refund changes nothing.
    const ours = await webhook(
      stripe.signedEvent('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        payment_intent: intent,
        refunds: { data: [{ id: made[0]!.id, amount: 4_500, status: 'succeeded', metadata: { refund_id: refund.id } }] },
      }),
    );
    expect(ours.statusCode, ours.body).toBe(200);
    expect(await h.refundEntries(id)).toHaveLength(1);
    expect((await h.api(admin, 'GET', `/api/admin/invoices/${id}`)).json<{ invoice: Invoice }>().invoice.refundedCents).toBe(4_500);
    expect((await h.tb()).balanced).toBe(true);
  });

  it('a refund Stripe never answers stays pending after the last retry, and the admins are told to check it', async () => {
    const { id } = await paidInvoice(2_000);
    stripe.refundFaults = Number.MAX_SAFE_INTEGER;
    try {
      const res = await h.refund(id, { amountCents: 2_000, reason: 'Stripe is down' });
      expect(res.statusCode, res.body).toBe(201);
      const { refund } = res.json<Refunded>();
      const told = () =>
        t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, admin.user.id), eq(notifications.title, 'Refund not confirmed')));
      // Five tries with backoff: move the clock past each wait. The admin keeps using the app
      // meanwhile, so the session's idle timeout never ends it however many steps it takes.
      await expect
        .poll(
          async () => {
            expect((await h.api(admin, 'GET', '/api/auth/me')).statusCode).toBe(200);
            t.clock.advance(5 * 60_000);
            await t.app.jobRunner!.runDue();
            return (await told()).length;
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      const [row] = await t.db.select().from(refunds).where(eq(refunds.id, refund.id));
      expect(row!.status).toBe('pending');
      expect(await h.refundEntries(id)).toHaveLength(0);
      const [audited] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'invoice.refund_unconfirmed'), eq(auditLog.targetId, id)));
      expect(audited).toBeTruthy();
    } finally {
      stripe.refundFaults = 0;
    }
  });

  it('a refund Stripe refuses for good is marked failed, books nothing, and frees the amount again', async () => {
    const { id, sid } = await paidInvoice(3_000);
    // Stripe no longer knows the payment intent: a 400, not a fault.
    const pi = stripe.sessions.get(sid)!.payment_intent;
    stripe.charges.splice(
      stripe.charges.findIndex((c) => c.payment_intent === pi),
      1,
    );
    const res = await h.refund(id, { amountCents: 3_000, reason: 'All back' });
    expect(res.statusCode, res.body).toBe(201);
    const refundsOf = async () => (await h.api(admin, 'GET', `/api/admin/invoices/${id}/refunds`)).json<{ refunds: Refund[] }>().refunds;
    await expect
      .poll(async () => {
        await t.app.jobRunner!.runDue();
        return (await refundsOf())[0]?.status;
      })
      .toBe('failed');
    expect(await h.refundEntries(id)).toHaveLength(0);
    expect((await h.api(admin, 'GET', `/api/admin/invoices/${id}`)).json<{ invoice: Invoice }>().invoice.refundedCents).toBe(0);
    expect((await h.refund(id, { amountCents: 3_000, reason: 'Try again' })).statusCode).toBe(201);
    expect((await h.tb()).balanced).toBe(true);
  });

  it('records and books a refund made in the Stripe dashboard once, however often the webhook comes', async () => {
    const { id, intent } = await paidInvoice(7_000);
    const event = stripe.signedEvent('charge.refunded', {
      id: 'ch_2',
      object: 'charge',
      payment_intent: intent,
      refunds: { data: [{ id: 're_dashboard_1', amount: 2_000, status: 'succeeded', metadata: {} }] },
    });
    const first = await webhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().outcome).toBe('refund_recorded');
    expect((await webhook(event)).json().outcome).toBe('replay');
    // A later event lists every refund of the charge: only the new one is recorded.
    const later = await webhook(
      stripe.signedEvent('charge.refunded', {
        id: 'ch_2',
        object: 'charge',
        payment_intent: intent,
        refunds: {
          data: [
            { id: 're_dashboard_2', amount: 1_000, status: 'succeeded' },
            { id: 're_dashboard_1', amount: 2_000, status: 'succeeded' },
          ],
        },
      }),
    );
    expect(later.json().outcome).toBe('refund_recorded');
    const entries = await h.refundEntries(id);
    expect(entries).toHaveLength(2);
    expect(
      entries
        .flatMap((e) => e.lines)
        .filter((l) => l.account === 'refunds')
        .reduce((s, l) => s + l.debitCents, 0),
    ).toBe(3_000);
    const past = (await h.api(admin, 'GET', `/api/admin/invoices/${id}/refunds`)).json<{ refunds: Refund[] }>().refunds;
    expect(past.map((r) => r.providerRefundId).sort()).toEqual(['re_dashboard_1', 're_dashboard_2']);
    expect(past.every((r) => r.createdBy === null && r.status === 'succeeded')).toBe(true);
    expect((await h.api(member, 'GET', `/api/user/invoices/${id}`)).json<{ invoice: Invoice }>().invoice.refundedCents).toBe(3_000);
    expect((await h.tb()).balanced).toBe(true);
  });
});
