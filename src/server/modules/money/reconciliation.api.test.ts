import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerMessages, type Reconciliation, type ReconciliationsResponse } from '#common/ledger.ts';
import type { Invoice, Refund } from '#common/money.ts';
import { jobs as jobsTable } from '#server/db/schema/jobs.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { payments, reconciliations } from '#server/db/schema/money.ts';
import type { FakeStripe } from '#server/test/fake-stripe.ts';
import { startStripeApp, type StripeApp } from '#server/test/stripe-app.ts';
import { signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { RECONCILE_DAY_JOB, scheduleReconciliation } from './reconciliation.service.ts';

// Issue 30, item 5: a day's provider clearing account against what the provider says it moved.
type Method = 'GET' | 'POST' | 'PATCH';
const DAY = '2026-06-01'; // the test clock's day

function helpers(get: () => { t: TestApp; admin: SignedInUser; member: SignedInUser }) {
  const api = (who: SignedInUser | null, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    get().t.app.inject({ method, url, headers: { ...who?.headers, ...headers }, payload: payload as never });
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
  const reconcile = async (day: string) => {
    const res = await api(get().admin, 'POST', '/api/admin/ledger/reconciliations', { day });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Reconciliation>();
  };
  return { api, sentInvoice, reconcile };
}

describe('reconciliation against Stripe', () => {
  let s: StripeApp;
  let t: TestApp;
  let stripe: FakeStripe;
  let admin: SignedInUser;
  let member: SignedInUser;
  const h = helpers(() => ({ t, admin, member }));
  beforeAll(async () => {
    // Stripe's clock is the app's, so its charges fall on the day the ledger books them.
    s = await startStripeApp({ seedDemo: false, stripeOnAppClock: true });
    ({ t, stripe } = s);
    admin = await signedInAdmin(t);
    member = await signedInMember(t);
  });
  afterAll(async () => {
    await s?.close();
  });
  const webhook = (d: { body: string; signature: string }) => s.webhook(d);

  it('a paid invoice and its partial refund match the provider, and the run is kept', async () => {
    const id = await h.sentInvoice(9_000);
    const sid = (await h.api(member, 'POST', '/api/checkout', { invoiceId: id })).json<{ url: string }>().url.split('/').pop()!;
    expect((await webhook(stripe.completion(sid))).json().outcome).toBe('paid');
    const refunded = await h.api(admin, 'POST', `/api/admin/invoices/${id}/refunds`, { amountCents: 4_000, reason: 'Partly back' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    await expect
      .poll(async () => {
        await t.app.jobRunner!.runDue();
        return (await h.api(admin, 'GET', `/api/admin/invoices/${id}/refunds`)).json<{ refunds: Refund[] }>().refunds[0]?.status;
      })
      .toBe('succeeded');

    const run = await h.reconcile(DAY);
    expect(run).toMatchObject({
      day: DAY,
      provider: 'stripe',
      status: 'matched',
      ledgerPaymentsCents: 9_000,
      providerPaymentsCents: 9_000,
      ledgerRefundsCents: 4_000,
      providerRefundsCents: 4_000,
      matchedCount: 2,
      mismatches: [],
      error: null,
      ranBy: admin.user.id,
    });
    // Another day holds none of it.
    expect(await h.reconcile('2026-05-31')).toMatchObject({ status: 'matched', ledgerPaymentsCents: 0, providerPaymentsCents: 0 });
    const list = (await h.api(admin, 'GET', '/api/admin/ledger/reconciliations')).json<ReconciliationsResponse>().reconciliations;
    expect(list[0]).toMatchObject({ id: run.id, day: DAY });
  });

  it('money Stripe took that the ledger never booked is a mismatch, and the admins are told', async () => {
    const [{ intentId }] = await t.db.select({ intentId: payments.intentId }).from(payments).where(eq(payments.status, 'succeeded')).limit(1);
    stripe.charges.push({
      id: 'ch_stray',
      object: 'charge',
      amount: 1_234,
      currency: 'usd',
      payment_intent: 'pi_stray',
      status: 'succeeded',
      paid: true,
      created: Math.floor(t.clock.now().getTime() / 1000),
    });
    // A refund made in Stripe's dashboard whose webhook never arrived.
    stripe.refunds.push({
      id: 're_dashboard',
      payment_intent: intentId!,
      idempotencyKey: null,
      amount: 500,
      created: Math.floor(t.clock.now().getTime() / 1000),
      currency: 'usd',
      status: 'succeeded',
    });
    const run = await h.reconcile(DAY);
    expect(run.status).toBe('mismatched');
    expect(run.mismatches).toEqual(
      expect.arrayContaining([
        { kind: 'missing_in_ledger', flow: 'payment', reference: 'pi_stray', ledgerCents: 0, providerCents: 1_234, invoiceId: null },
        expect.objectContaining({ kind: 'amount_differs', flow: 'refund', reference: intentId, ledgerCents: 4_000, providerCents: 4_500 }),
      ]),
    );
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.user.id), eq(notifications.kind, 'ledger_mismatch')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ link: '/admin/ledger', variant: 'destructive' });
    // The member hears nothing of it.
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, member.user.id), eq(notifications.kind, 'ledger_mismatch'))),
    ).toHaveLength(0);
  });

  it('refuses a day that has not begun, a malformed day, and anyone but an admin', async () => {
    const future = await h.api(admin, 'POST', '/api/admin/ledger/reconciliations', { day: '2026-06-02' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(ledgerMessages.futureDay);
    expect((await h.api(admin, 'POST', '/api/admin/ledger/reconciliations', { day: '2026-02-30' })).statusCode).toBe(400);
    expect((await h.api(member, 'POST', '/api/admin/ledger/reconciliations', { day: DAY })).statusCode).toBe(403);
    expect((await h.api(member, 'GET', '/api/admin/ledger/reconciliations')).statusCode).toBe(403);
  });

  it('the daily job reconciles the day before and schedules the next day', async () => {
    await scheduleReconciliation({ db: t.db, clock: t.clock });
    const [job] = await t.db
      .select()
      .from(jobsTable)
      .where(eq(jobsTable.key, `${RECONCILE_DAY_JOB}:${DAY}`));
    expect(job).toMatchObject({ name: RECONCILE_DAY_JOB, payload: { day: DAY } });
    expect(job!.runAt.toISOString()).toBe('2026-06-02T00:15:00.000Z');
    t.clock.advance(10 * 3_600_000); // past 00:15 the next day (the admin's session idles out: read the table)
    await expect
      .poll(async () => {
        await t.app.jobRunner!.runDue();
        const [run] = await t.db.select().from(reconciliations).where(isNull(reconciliations.ranBy));
        return run?.day;
      })
      .toBe(DAY);
    const [next] = await t.db
      .select()
      .from(jobsTable)
      .where(eq(jobsTable.key, `${RECONCILE_DAY_JOB}:2026-06-02`));
    expect(next!.runAt.toISOString()).toBe('2026-06-03T00:15:00.000Z');
  });
});

describe('reconciliation when Stripe cannot be reached', () => {
  let t: TestApp;
  let admin: SignedInUser;
  const h = helpers(() => ({ t, admin, member: admin }));
  beforeAll(async () => {
    t = await createTestApp({
      seedDemo: false,
      env: { PAYMENT_PROVIDER: 'stripe', STRIPE_API_URL: 'http://127.0.0.1:9', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' },
      jobs: {},
    });
    admin = await signedInAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps a failed run with the reason, never a match', async () => {
    const run = await h.reconcile(DAY);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/could not be read/);
  });
});

describe('reconciliation with the test provider (the demo)', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let member: SignedInUser;
  const h = helpers(() => ({ t, admin, member }));
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t);
    member = await signedInMember(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compares the ledger with our own record of test payments and refunds', async () => {
    const id = await h.sentInvoice(2_500);
    const open = await h.api(member, 'POST', '/api/checkout', { invoiceId: id });
    const sid = new URL(open.json<{ url: string }>().url, 'http://x').searchParams.get('session')!;
    expect((await h.api(member, 'POST', `/api/payment-test/${sid}/complete`)).statusCode).toBe(200);
    expect((await h.api(admin, 'POST', `/api/admin/invoices/${id}/refunds`, { amountCents: 1_000, reason: 'Goodwill' })).statusCode).toBe(201);
    const run = await h.reconcile(DAY);
    expect(run).toMatchObject({ provider: 'test', status: 'matched', mismatches: [] });
    expect(run.ledgerPaymentsCents).toBeGreaterThanOrEqual(2_500);
    expect(run.ledgerRefundsCents).toBe(run.providerRefundsCents);
  });

  it('every day of the demo history reconciles', async () => {
    for (let d = 0; d < 120; d++) {
      const day = new Date(Date.parse(`${DAY}T00:00:00Z`) - d * 86_400_000).toISOString().slice(0, 10);
      const run = await h.reconcile(day);
      expect(run.mismatches, day).toEqual([]);
    }
  });
});

describe('the demo seed', () => {
  let t: TestApp;
  let admin: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves a week of matched daily runs', async () => {
    const runs = (
      await t.app.inject({ method: 'GET', url: '/api/admin/ledger/reconciliations', headers: admin.headers })
    ).json<ReconciliationsResponse>().reconciliations;
    expect(runs.map((r) => r.day)).toEqual(['2026-05-31', '2026-05-30', '2026-05-29', '2026-05-28', '2026-05-27', '2026-05-26', '2026-05-25']);
    expect(runs.every((r) => r.status === 'matched' && r.ranBy === null)).toBe(true);
    expect(runs.some((r) => r.ledgerPaymentsCents > 0)).toBe(true);
  });
});
