import { randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerEntriesResponse, TrialBalance } from '#common/ledger.ts';
import type { Invoice } from '#common/money.ts';
import { ledgerEntries, ledgerLines } from '#server/db/schema/ledger.ts';
import { loanInstallments, loans } from '#server/db/schema/lending.ts';
import { sales } from '#server/db/schema/marketplace.ts';
import { subscriptionPlans } from '#server/db/schema/money.ts';
import { createInvoice, createListing, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { postRefund } from './ledger.postings.ts';
import { postHistory } from '#server/db/seed/ledger-history.ts';
import { invoiceAccountNet } from './ledger.service.ts';

// The money flows wired onto the ledger (decision 132), through the API, on the demo seed.
let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, { name: 'Books Admin' });
  member = await signedInMember(t, { name: 'Books Member' });
});
afterAll(async () => {
  await t?.close();
});

const api = (who: SignedInUser | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers, payload: payload as never });
const tb = async () => {
  const res = await api(admin, 'GET', '/api/admin/ledger/trial-balance');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TrialBalance>();
};
const bal = (b: TrialBalance, code: string) => b.accounts.find((a) => a.code === code)?.balanceCents ?? 0;
const sessionOf = (url: string) => new URL(url, 'http://x').searchParams.get('session')!;
const entriesOf = async (invoiceId: string) =>
  (await api(admin, 'GET', `/api/admin/ledger/entries?invoiceId=${invoiceId}`)).json<LedgerEntriesResponse>().entries;

async function sentInvoice(lines = [{ type: 'fixed', label: 'Authentication fee', amountCents: 4_500 }]) {
  const res = await api(admin, 'POST', '/api/admin/invoices', { userId: member.user.id, lines, dueDate: '2030-01-31' });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ invoice: Invoice }>().invoice.id;
  expect((await api(admin, 'PATCH', `/api/admin/invoices/${id}`, { status: 'sent' })).statusCode).toBe(200);
  return id;
}

async function pay(who: SignedInUser, invoiceId: string) {
  const open = await api(who, 'POST', '/api/checkout', { invoiceId });
  expect(open.statusCode, open.body).toBe(200);
  const sid = sessionOf(open.json<{ url: string }>().url);
  const done = await api(who, 'POST', `/api/payment-test/${sid}/complete`);
  expect(done.statusCode, done.body).toBe(200);
  return sid;
}

describe('the ledger on the demo seed', () => {
  it('the seeded history is posted and the trial balance holds from the first start', async () => {
    const b = await tb();
    expect(b.balanced).toBe(true);
    expect(b.debitsCents).toBeGreaterThan(0);
    // Posting the history again writes nothing.
    const [{ n: before }] = await t.db.select({ n: count() }).from(ledgerEntries);
    expect(await t.db.transaction((tx) => postHistory(tx))).toBe(0);
    const [{ n: after }] = await t.db.select({ n: count() }).from(ledgerEntries);
    expect(after).toBe(before);
  });

  it('records stored without the ledger (a paid invoice with no sending time, a voided one) are posted whole', async () => {
    const paid = await createInvoice(t, member.user, { status: 'paid', sentAt: null, paymentReference: 'legacy' });
    const voided = await createInvoice(t, member.user, { status: 'void' });
    expect(await t.db.transaction((tx) => postHistory(tx))).toBe(4);
    expect(await invoiceAccountNet(t.db, { invoiceId: paid.id, account: 'member_receivable' })).toBe(0);
    expect(await invoiceAccountNet(t.db, { invoiceId: paid.id, account: 'provider_clearing' })).toBe(paid.totalCents);
    expect(await invoiceAccountNet(t.db, { invoiceId: voided.id, account: 'member_receivable' })).toBe(0);
    expect((await entriesOf(voided.id)).map((e) => e.causeType).sort()).toEqual(['invoice_sent', 'invoice_voided']);
    expect((await tb()).balanced).toBe(true);
  });

  it('each seeded loan’s principal on the ledger is what the loan says is outstanding', async () => {
    const rows = await t.db.select().from(loans).where(isNotNull(loans.fundedAt));
    expect(rows.length).toBeGreaterThan(0);
    for (const l of rows) {
      const [sumRow] = await t.db
        .select({ d: sum(ledgerLines.debitCents), c: sum(ledgerLines.creditCents) })
        .from(ledgerLines)
        .where(and(eq(ledgerLines.accountCode, 'loan_principal_receivable'), eq(ledgerLines.relatedKind, 'loan'), eq(ledgerLines.relatedId, l.id)));
      const net = Number(sumRow?.d ?? 0) - Number(sumRow?.c ?? 0);
      // Principal billed on an open invoice has moved to the member's receivable.
      const billed = await t.db
        .select({ c: sum(loanInstallments.principalCents) })
        .from(loanInstallments)
        .where(and(eq(loanInstallments.loanId, l.id), eq(loanInstallments.status, 'invoiced')));
      expect(net + Number(billed[0]?.c ?? 0), l.id).toBe(l.outstandingPrincipalCents);
    }
  });
});

describe('invoices and payments', () => {
  it('sending posts the receivable; a settled payment clears it into provider clearing, once', async () => {
    const start = await tb();
    const id = await sentInvoice();
    const afterSend = await tb();
    expect(bal(afterSend, 'member_receivable') - bal(start, 'member_receivable')).toBe(4_500);
    expect(bal(afterSend, 'fee_income') - bal(start, 'fee_income')).toBe(4_500);

    const sid = await pay(member, id);
    // The member presses Complete again: a replay posts nothing.
    await api(member, 'POST', `/api/payment-test/${sid}/complete`);
    const afterPay = await tb();
    expect(afterPay.balanced).toBe(true);
    expect(bal(afterPay, 'member_receivable')).toBe(bal(start, 'member_receivable'));
    expect(bal(afterPay, 'provider_clearing') - bal(start, 'provider_clearing')).toBe(4_500);
    expect(await invoiceAccountNet(t.db, { invoiceId: id, account: 'member_receivable' })).toBe(0);
    expect(await invoiceAccountNet(t.db, { invoiceId: id, account: 'provider_clearing' })).toBe(4_500);
    const entries = await entriesOf(id);
    expect(entries.map((e) => e.causeType).sort()).toEqual(['invoice_sent', 'payment_settled']);
  });

  it('voiding a sent invoice posts a reversing entry; a draft voided posts nothing', async () => {
    const start = await tb();
    const id = await sentInvoice([{ type: 'fixed', label: 'Grading submission', amountCents: 2_000 }]);
    expect((await api(admin, 'PATCH', `/api/admin/invoices/${id}`, { status: 'void', voidReason: 'Sent in error' })).statusCode).toBe(200);
    const entries = await entriesOf(id);
    const sent = entries.find((e) => e.causeType === 'invoice_sent')!;
    const voided = entries.find((e) => e.causeType === 'invoice_voided')!;
    expect(voided.reversesEntryId).toBe(sent.id);
    const end = await tb();
    expect(bal(end, 'member_receivable')).toBe(bal(start, 'member_receivable'));
    expect(bal(end, 'fee_income')).toBe(bal(start, 'fee_income'));

    const draft = await api(admin, 'POST', '/api/admin/invoices', {
      userId: member.user.id,
      lines: [{ type: 'fixed', label: 'x', amountCents: 100 }],
      dueDate: '2030-01-31',
    });
    const draftId = draft.json<{ invoice: Invoice }>().invoice.id;
    expect((await api(admin, 'PATCH', `/api/admin/invoices/${draftId}`, { status: 'void', voidReason: 'Not needed' })).statusCode).toBe(200);
    expect(await entriesOf(draftId)).toEqual([]);
  });
});

describe('refunds (posting only: the provider call is not built yet)', () => {
  it('a partial refund leaves provider clearing at paid − refunded for the invoice, once per refund', async () => {
    const id = await sentInvoice([{ type: 'fixed', label: 'Appraisal', amountCents: 10_000 }]);
    await pay(member, id);
    const start = await tb();
    const refund = { id: randomUUID(), invoiceId: id, invoiceNumber: 'INV-TEST', amountCents: 2_500, at: new Date(), reference: 're_test_1' };
    expect((await t.db.transaction((tx) => postRefund(tx, refund)))!.posted).toBe(true);
    expect((await t.db.transaction((tx) => postRefund(tx, refund)))!.posted).toBe(false);
    expect(await invoiceAccountNet(t.db, { invoiceId: id, account: 'provider_clearing' })).toBe(7_500);
    const end = await tb();
    expect(bal(end, 'refunds') - bal(start, 'refunds')).toBe(2_500);
    expect(end.balanced).toBe(true);
  });
});

describe('memberships', () => {
  it('a membership bought through checkout is membership income, received by the provider', async () => {
    const joiner = await signedInMember(t, { name: 'Jo Joiner' });
    const [plan] = await t.db.insert(subscriptionPlans).values({ name: 'Ledger Collector', priceCents: 1_900, benefits: [] }).returning();
    const start = await tb();
    const open = await api(joiner, 'POST', '/api/subscribe', { planId: plan!.id });
    expect(open.statusCode, open.body).toBe(200);
    const sid = sessionOf(open.json<{ url: string }>().url);
    expect((await api(joiner, 'POST', `/api/payment-test/${sid}/complete`)).statusCode).toBe(200);
    const end = await tb();
    expect(bal(end, 'membership_income') - bal(start, 'membership_income')).toBe(1_900);
    expect(bal(end, 'provider_clearing') - bal(start, 'provider_clearing')).toBe(1_900);
    expect(bal(end, 'member_receivable')).toBe(bal(start, 'member_receivable'));
  });
});

describe('marketplace', () => {
  it('a member’s sale: the buyer’s payment is owed to the seller less the fee; the payout clears it', async () => {
    const seller = await signedInMember(t, { name: 'Sal Seller' });
    const buyer = await signedInMember(t, { name: 'Bo Buyer' });
    const start = await tb();
    const l = await createListing(t, { seller: seller.user, priceCents: 250_000 });
    const r = await api(buyer, 'POST', `/api/listings/${l.id}/reserve`);
    expect(r.statusCode, r.body).toBe(200);
    const { invoiceId } = r.json<{ invoiceId: string }>();
    await pay(buyer, invoiceId);
    const [sale] = await t.db
      .select()
      .from(sales)
      .where(and(eq(sales.listingId, l.id)));
    const mid = await tb();
    expect(bal(mid, 'seller_payable') - bal(start, 'seller_payable')).toBe(sale!.sellerProceedsCents);
    expect(bal(mid, 'fee_income') - bal(start, 'fee_income')).toBe(sale!.feesCents);
    expect(bal(mid, 'provider_clearing') - bal(start, 'provider_clearing')).toBe(250_000);

    expect((await api(admin, 'PATCH', `/api/admin/sales/${sale!.id}`, { payoutStatus: 'paid' })).statusCode).toBe(200);
    expect((await api(admin, 'PATCH', `/api/admin/sales/${sale!.id}`, { payoutStatus: 'paid' })).statusCode).toBe(409);
    const end = await tb();
    expect(end.balanced).toBe(true);
    expect(bal(end, 'seller_payable')).toBe(bal(start, 'seller_payable'));
    expect(bal(start, 'platform_cash') - bal(end, 'platform_cash')).toBe(sale!.sellerProceedsCents);
  });

  it('a house listing’s price is house sales income; a lapsed reservation’s invoice is reversed', async () => {
    const buyer = await signedInMember(t, { name: 'Hal House-Buyer' });
    const start = await tb();
    const l = await createListing(t, { priceCents: 90_000 });
    const r = (await api(buyer, 'POST', `/api/listings/${l.id}/reserve`)).json<{ invoiceId: string }>();
    expect((await api(buyer, 'POST', `/api/listings/${l.id}/cancel-reservation`)).statusCode).toBe(200);
    expect(await invoiceAccountNet(t.db, { invoiceId: r.invoiceId, account: 'member_receivable' })).toBe(0);
    const again = (await api(buyer, 'POST', `/api/listings/${l.id}/reserve`)).json<{ invoiceId: string }>();
    await pay(buyer, again.invoiceId);
    const end = await tb();
    expect(bal(end, 'house_sales_income') - bal(start, 'house_sales_income')).toBe(90_000);
    expect(bal(end, 'seller_payable')).toBe(bal(start, 'seller_payable'));
    expect(bal(end, 'member_receivable')).toBe(bal(start, 'member_receivable'));
  });
});
