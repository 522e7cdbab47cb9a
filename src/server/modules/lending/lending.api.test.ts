import { formatDateUtc } from '#common/dates.ts';
import { randomUUID } from 'node:crypto';
import { and, count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardHeldMessages } from '#common/cards.ts';
import {
  buildSchedule,
  LOAN_IN_HAND_MESSAGE,
  loanMessages,
  loanToastTitles,
  type AdminLoanDetail,
  type LoanDetail,
  type LoanQuote,
} from '#common/lending.ts';
import type { LiveEvent } from '#common/live.ts';
import { cardEvents, cards } from '#server/db/schema/cards.ts';
import { ledgerLines } from '#server/db/schema/ledger.ts';
import { loans } from '#server/db/schema/lending.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { auditLog } from '#server/db/schema/users.ts';
import { invoices } from '#server/db/schema/money.ts';
import { JobRunner } from '#server/lib/jobs.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { holdCards } from '#server/modules/cards/index.ts';
import type { Audience } from '#server/realtime/bus.ts';
import { createCard, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';
import { LENDING_UPKEEP_JOB, lendingJobs, runLendingUpkeep, scheduleLendingUpkeep } from './lending.jobs.ts';

let t: TestApp;
let admin: SignedInUser;
let casey: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, { name: 'Loan Desk' });
  casey = await signedInMember(t, { name: 'Casey Borrower' });
  other = await signedInMember(t, { name: 'Other Member' });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

/** Moves the fake clock; sessions idle out meanwhile, so everyone signs in again. */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const who of [admin, casey, other]) Object.assign(who, await signIn(t, who.phone));
}
const api = (who: SignedInUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, payload: payload as never });

/** Two PSA slabs worth $25,000 together, appraised at that: the cap at 40% is $10,000. */
async function collateral(owner: SignedInUser, overrides: Parameters<typeof createCard>[2] = {}) {
  const appraised = (cents: number) => ({ estimatedValueCents: cents, appraisedValueCents: cents, appraisedAt: t.clock.now() });
  return [
    await createCard(t, { id: owner.userId }, { ...appraised(1_500_000), ...overrides }),
    await createCard(t, { id: owner.userId }, { ...appraised(1_000_000), subject: 'Larry Bird', ...overrides }),
  ];
}

async function apply(who: SignedInUser, cardIds: string[], body: Record<string, unknown> = {}) {
  return api(who, 'POST', '/api/loans', { cardIds, amountRequestedCents: 800_000, termMonths: 3, purpose: 'Buying a 1952 Topps Mantle', ...body });
}

async function loanCount() {
  return Number((await t.db.select({ n: count() }).from(loans))[0].n);
}

/** Net debit (debit − credit) on one ledger account for the lines about one loan. */
async function loanLedger(loanId: string, account: string) {
  const [row] = await t.db
    .select({ d: sum(ledgerLines.debitCents), c: sum(ledgerLines.creditCents) })
    .from(ledgerLines)
    .where(and(eq(ledgerLines.accountCode, account), eq(ledgerLines.relatedKind, 'loan'), eq(ledgerLines.relatedId, loanId)));
  return Number(row?.d ?? 0) - Number(row?.c ?? 0);
}

async function pay(who: SignedInUser, invoiceId: string) {
  const open = await api(who, 'POST', '/api/checkout', { invoiceId });
  expect(open.statusCode, open.body).toBe(200);
  const sid = new URL(open.json().url, 'http://x').searchParams.get('session')!;
  const done = await api(who, 'POST', `/api/payment-test/${sid}/complete`);
  expect(done.statusCode, done.body).toBe(200);
}

async function offer(id: string, body: Record<string, unknown> = {}) {
  return api(admin, 'PATCH', `/api/admin/loans/${id}`, {
    status: 'conditionally_approved',
    offeredAmountCents: 600_000,
    aprBps: 1200,
    termMonths: 3,
    ...body,
  });
}

async function vault(cardId: string) {
  const res = await api(admin, 'PATCH', `/api/admin/cards/${cardId}/custody`, { custody: 'in_vault', note: 'Received at the vault' });
  expect(res.statusCode, res.body).toBe(200);
}

/** Applied, offered, accepted and vaulted: ready to fund. */
async function acceptedLoan(who: SignedInUser) {
  const cs = await collateral(who);
  const loan = (
    await apply(
      who,
      cs.map((c) => c.id),
    )
  ).json().loan as LoanDetail;
  expect((await offer(loan.id)).statusCode).toBe(200);
  expect((await api(who, 'POST', `/api/loans/${loan.id}/accept-offer`)).statusCode).toBe(200);
  for (const c of cs) await vault(c.id);
  return { loan, cards: cs };
}

describe('the lending policy', () => {
  it('has the published defaults, is admin-only, and records each change in the audit log', async () => {
    const res = await api(admin, 'GET', '/api/admin/settings/lending');
    expect(res.statusCode).toBe(200);
    expect(res.json().policy).toMatchObject({ maxLtvBps: 4000, minLoanCents: 100_000, terms: [3, 6, 12], graceDays: 7 });
    // The seeded loan fee template bills the origination fee until another is chosen.
    expect(res.json().terms.originationFee.length).toBeGreaterThan(0);
    expect((await api(casey, 'GET', '/api/admin/settings/lending')).statusCode).toBe(403);
    expect((await api(casey, 'PATCH', '/api/admin/settings/lending', { graceDays: 3 })).statusCode).toBe(403);

    const bad = await api(admin, 'PATCH', '/api/admin/settings/lending', { aprMinBps: 5000, aprMaxBps: 1000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.aprMinBps).toEqual(['The lowest APR must not exceed the highest']);
    expect((await api(admin, 'PATCH', '/api/admin/settings/lending', { terms: [4] })).statusCode).toBe(400);

    const ok = await api(admin, 'PATCH', '/api/admin/settings/lending', { offerValidDays: 10 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().policy.offerValidDays).toBe(10);
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.lending_updated'));
    expect(row).toMatchObject({ actorId: admin.userId, data: { offerValidDays: { from: 14, to: 10 } } });
    expect((await api(admin, 'PATCH', '/api/admin/settings/lending', { offerValidDays: 14 })).statusCode).toBe(200);
  });
});

describe('the calculator', () => {
  it('quotes the cap, the payment and the cost without creating anything', async () => {
    const cs = await collateral(casey);
    const before = await loanCount();
    const res = await api(casey, 'GET', `/api/loans/quote?cardIds=${cs.map((c) => c.id).join(',')}&termMonths=3&aprBps=1200&amountCents=600000`);
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json() as LoanQuote;
    const schedule = buildSchedule({ principalCents: 600_000, aprBps: 1200, termMonths: 3, startDate: '2026-06-01' });
    expect(q).toMatchObject({
      collateralValueCents: 2_500_000,
      maxLoanCents: 1_000_000,
      amountCents: 600_000,
      monthlyPaymentCents: schedule[0].paymentCents,
      issue: null,
    });
    expect(q.totalInterestCents).toBe(schedule.reduce((s, r) => s + r.interestCents, 0));
    // Seeded template: 1.5% + $50.00.
    expect(q.originationFeeCents).toBe(9_000 + 5_000);
    expect(q.totalCostCents).toBe(q.totalInterestCents + q.originationFeeCents);
    expect(await loanCount()).toBe(before);

    const over = (await api(casey, 'GET', `/api/loans/quote?cardIds=${cs[0].id}&termMonths=6&amountCents=900000`)).json() as LoanQuote;
    expect(over.issue).toBe(loanMessages.aboveCap(600_000));
    const raw = await createCard(t, { id: casey.userId }, { grader: 'raw' });
    expect((await api(casey, 'GET', `/api/loans/quote?cardIds=${raw.id}&termMonths=6`)).json().issue).toBe(loanMessages.cardNotGraded);
    expect((await api(casey, 'GET', `/api/loans/quote?cardIds=${cs[0].id}&termMonths=5`)).statusCode).toBe(400);
  });
});

describe('bad applications', () => {
  it('refuses each with a clear 4xx and changes nothing', async () => {
    const cs = await collateral(casey);
    const ids = cs.map((c) => c.id);
    const before = await loanCount();

    const low = await apply(casey, ids, { amountRequestedCents: 50_000 });
    expect(low.statusCode).toBe(400);
    expect(low.json().fieldErrors.amountRequestedCents).toEqual(['The minimum loan is $1,000.00']);

    const high = await apply(casey, ids, { amountRequestedCents: 1_000_001 });
    expect(high.statusCode).toBe(400);
    expect(high.json().error).toBe('The most you can borrow against these cards is $10,000.00');

    const term = await apply(casey, ids, { termMonths: 4 });
    expect(term.statusCode).toBe(400);
    expect(term.json().fieldErrors.termMonths).toEqual([loanMessages.term]);

    const theirs = await createCard(t, { id: other.userId });
    const notMine = await apply(casey, [ids[0], theirs.id]);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().error).toBe(loanMessages.cardNotYours);

    const raw = await createCard(t, { id: casey.userId }, { grader: 'raw', estimatedValueCents: 5_000_000 });
    expect((await apply(casey, [raw.id])).json().error).toBe(loanMessages.cardNotGraded);

    const listed = await createCard(t, { id: casey.userId }, { custody: 'in_vault', estimatedValueCents: 5_000_000 });
    await inTransaction(t.app.ctx, (uow) =>
      holdCards(
        uow,
        { actorId: null, impersonatorId: null, ip: null },
        { cardIds: [listed.id], kind: 'listing', ref: randomUUID(), at: t.clock.now() },
      ),
    );
    const held = await apply(casey, [listed.id]);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toBe(cardHeldMessages.listing);

    expect((await apply(casey, ids, { purpose: '  ' })).statusCode).toBe(400);
    expect((await apply(casey, [ids[0], ids[0]])).statusCode).toBe(400);
    expect(await loanCount()).toBe(before);
  });
});

describe('the whole lifecycle', () => {
  it('applies, offers within the cap, pledges on accept, funds from the vault, bills installments, and pays off', async () => {
    const cs = await collateral(casey);
    const applied = await apply(
      casey,
      cs.map((c) => c.id),
    );
    expect(applied.statusCode, applied.body).toBe(201);
    const loan = applied.json().loan as LoanDetail;
    expect(loan).toMatchObject({
      status: 'submitted',
      amountRequestedCents: 800_000,
      collateralValueCents: 2_500_000,
      liveLtvBps: 3200,
      ltvWarning: false,
    });
    expect(loan.collateral.map((c) => c.valueAtApplicationCents).sort()).toEqual([1_000_000, 1_500_000]);

    // The offer cannot exceed the cap, and the APR must be within the range.
    const tooMuch = await offer(loan.id, { offeredAmountCents: 1_000_001 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error).toBe('The offer cannot exceed $10,000.00 (the LTV cap)');
    expect((await offer(loan.id, { aprBps: 100 })).json().error).toBe('The APR must be from 9.00% to 18.00%');
    // Funding skips the offer.
    expect((await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'funded' })).statusCode).toBe(409);

    const offered = await offer(loan.id);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().loan).toMatchObject({
      status: 'conditionally_approved',
      offeredAmountCents: 600_000,
      aprBps: 1200,
      ltvAtOfferBps: 2400,
      reviewer: { id: admin.userId },
    });

    const accepted = await api(casey, 'POST', `/api/loans/${loan.id}/accept-offer`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().loan.status).toBe('accepted');
    for (const c of accepted.json().loan.collateral) expect(c).toMatchObject({ pledged: true, custody: 'in_transit' });
    const pledged = await t.db
      .select()
      .from(cardEvents)
      .where(and(eq(cardEvents.cardId, cs[0].id), eq(cardEvents.kind, 'pledged')));
    expect(pledged).toHaveLength(1);

    // Pledge locks: no delete, no second pledge, no answering twice.
    const del = await api(casey, 'DELETE', `/api/cards/${cs[0].id}`);
    expect(del.statusCode).toBe(409);
    const again = await apply(casey, [cs[0].id], { amountRequestedCents: 200_000 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(cardHeldMessages.loan);
    expect((await api(casey, 'POST', `/api/loans/${loan.id}/accept-offer`)).json().error).toBe(loanMessages.offerNotOpen);
    expect((await api(casey, 'POST', `/api/loans/${loan.id}/decline-offer`)).statusCode).toBe(409);

    // Funding waits for every card in the vault.
    await vault(cs[0].id);
    const early = await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'funded' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(loanMessages.notAllInVault);
    await vault(cs[1].id);
    const funded = await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'funded' });
    expect(funded.statusCode, funded.body).toBe(200);
    const f = funded.json().loan as AdminLoanDetail;
    expect(f).toMatchObject({ status: 'funded', outstandingPrincipalCents: 600_000, maturityDate: '2026-09-01', allCollateralInVault: true });
    expect(f.schedule.map((s) => [s.dueDate, s.status])).toEqual([
      ['2026-07-01', 'scheduled'],
      ['2026-08-01', 'scheduled'],
      ['2026-09-01', 'scheduled'],
    ]);
    expect(f.schedule.reduce((s, r) => s + r.principalCents, 0)).toBe(600_000);
    expect(f.invoices).toMatchObject([{ kind: 'origination', status: 'sent', totalCents: 14_000 }]);
    expect(f.nextPayment).toMatchObject({ installmentNumber: 1, invoiceId: null });
    // On the ledger (decision 132): the principal lent out of platform cash.
    expect(await loanLedger(loan.id, 'loan_principal_receivable')).toBe(600_000);
    expect(await loanLedger(loan.id, 'platform_cash')).toBe(-600_000);

    // The first installment becomes an invoice when it falls due; the member pays it.
    await advance(30 * DAY);
    expect(await runLendingUpkeep(t.app.ctx)).toMatchObject({ invoiced: 1, defaulted: 0 });
    const due = (await api(casey, 'GET', `/api/user/loans/${loan.id}`)).json().loan as LoanDetail;
    expect(due.schedule[0]).toMatchObject({ status: 'invoiced' });
    expect(due.nextPayment).toMatchObject({ installmentNumber: 1, invoiceId: due.schedule[0].invoiceId, amountCents: f.schedule[0].paymentCents });
    await pay(casey, due.schedule[0].invoiceId!);
    const afterOne = (await api(casey, 'GET', `/api/user/loans/${loan.id}`)).json().loan as LoanDetail;
    expect(afterOne.schedule[0].status).toBe('paid');
    expect(afterOne.outstandingPrincipalCents).toBe(f.schedule[0].balanceAfterCents);
    expect(afterOne.liveLtvBps).toBe(Math.round((f.schedule[0].balanceAfterCents * 10_000) / 2_500_000));

    // Early payoff, to the day: 10 days after the first due date.
    await advance(10 * DAY);
    const payoff = await api(casey, 'POST', `/api/loans/${loan.id}/payoff`);
    expect(payoff.statusCode, payoff.body).toBe(201);
    const { invoiceId, payoff: amount } = payoff.json();
    const expectedInterest = Math.round((f.schedule[0].balanceAfterCents * 0.12 * 10) / 365);
    expect(amount).toMatchObject({
      principalCents: f.schedule[0].balanceAfterCents,
      interestCents: expectedInterest,
      interestFrom: '2026-07-01',
      onDate: '2026-07-11',
    });
    const [inv] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(inv).toMatchObject({ status: 'sent', totalCents: amount.totalCents, relatedKind: 'loan', relatedId: loan.id });
    await pay(casey, invoiceId);

    const paid = (await api(casey, 'GET', `/api/user/loans/${loan.id}`)).json().loan as LoanDetail;
    expect(paid).toMatchObject({ status: 'paid', outstandingPrincipalCents: 0, nextPayment: null });
    expect(paid.schedule.slice(1).map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect(paid.events.map((e) => e.to)).toEqual(['submitted', 'conditionally_approved', 'accepted', 'funded', 'paid']);
    // Installment and payoff invoices took the whole principal off the loan, and the interest billed is income.
    expect(await loanLedger(loan.id, 'loan_principal_receivable')).toBe(0);
    expect(-(await loanLedger(loan.id, 'interest_income'))).toBe(f.schedule[0].interestCents + expectedInterest);
    expect(-(await loanLedger(loan.id, 'fee_income'))).toBe(14_000); // the origination fee, billed
    for (const c of cs) {
      const [row] = await t.db.select().from(cards).where(eq(cards.id, c.id));
      // Released, but still in the vault until the member asks for it back.
      expect(row).toMatchObject({ holdKind: null, holdRef: null, custody: 'in_vault' });
      expect(
        await t.db
          .select()
          .from(cardEvents)
          .where(and(eq(cardEvents.cardId, c.id), eq(cardEvents.kind, 'released'))),
      ).toHaveLength(1);
    }
    // Later due dates bill nothing for a paid loan.
    await advance(60 * DAY);
    expect(await runLendingUpkeep(t.app.ctx)).toMatchObject({ invoiced: 0, defaulted: 0 });
  });

  it('rejects with a reason, and lets a member decline an offer', async () => {
    const cs = await collateral(casey);
    const a = (await apply(casey, [cs[0].id], { amountRequestedCents: 200_000 })).json().loan as LoanDetail;
    expect((await api(admin, 'PATCH', `/api/admin/loans/${a.id}`, { status: 'rejected', reason: '' })).statusCode).toBe(400);
    const rejected = await api(admin, 'PATCH', `/api/admin/loans/${a.id}`, { status: 'rejected', reason: 'Collateral value could not be confirmed' });
    expect(rejected.json().loan).toMatchObject({ status: 'rejected', rejectionReason: 'Collateral value could not be confirmed' });
    expect((await offer(a.id)).statusCode).toBe(409);

    const b = (await apply(casey, [cs[1].id], { amountRequestedCents: 200_000 })).json().loan as LoanDetail;
    await offer(b.id, { offeredAmountCents: 150_000 });
    const declined = await api(casey, 'POST', `/api/loans/${b.id}/decline-offer`);
    expect(declined.json().loan.status).toBe('declined');
    expect((await api(casey, 'POST', `/api/loans/${b.id}/accept-offer`)).statusCode).toBe(409);
    const [card] = await t.db.select().from(cards).where(eq(cards.id, cs[1].id));
    expect(card.holdKind).toBeNull();
  });

  it('marks a loan paid by hand with a reference, voiding what was still open', async () => {
    const { loan, cards: cs } = await acceptedLoan(casey);
    await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'funded' });
    expect((await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'paid' })).statusCode).toBe(400);
    const paid = await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'paid', reference: 'WIRE-2026-0611' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().loan).toMatchObject({ status: 'paid', outstandingPrincipalCents: 0 });
    // The principal came back by wire: off the loan, into platform cash.
    expect(await loanLedger(loan.id, 'loan_principal_receivable')).toBe(0);
    expect(await loanLedger(loan.id, 'platform_cash')).toBe(0);
    const [card] = await t.db.select().from(cards).where(eq(cards.id, cs[0].id));
    expect(card.holdKind).toBeNull();
    expect((await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'defaulted' })).statusCode).toBe(409);
  });
});

describe('member isolation and the admin queue', () => {
  it('keeps a loan its borrower’s and shows admins the whole book', async () => {
    const cs = await collateral(casey);
    const loan = (await apply(casey, [cs[0].id], { amountRequestedCents: 300_000 })).json().loan as LoanDetail;
    expect((await api(other, 'GET', `/api/user/loans/${loan.id}`)).statusCode).toBe(404);
    expect((await api(other, 'POST', `/api/loans/${loan.id}/accept-offer`)).statusCode).toBe(404);
    expect((await api(other, 'POST', `/api/loans/${loan.id}/payoff`)).statusCode).toBe(404);
    expect((await api(other, 'GET', '/api/user/loans')).json().loans.some((l: { id: string }) => l.id === loan.id)).toBe(false);
    expect((await api(casey, 'GET', '/api/user/loans')).json().loans.some((l: { id: string }) => l.id === loan.id)).toBe(true);
    // Another member's card does not even show in a quote.
    expect((await api(other, 'GET', `/api/loans/quote?cardIds=${cs[1].id}&termMonths=3`)).json()).toMatchObject({
      cards: [],
      issue: loanMessages.cardNotYours,
    });
    expect((await api(casey, 'GET', '/api/admin/loans')).statusCode).toBe(403);
    expect((await api(casey, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'rejected', reason: 'x' })).statusCode).toBe(403);

    const list = await api(admin, 'GET', '/api/admin/loans?status=submitted&q=Casey%20Borrower');
    expect(list.statusCode).toBe(200);
    expect(list.json().loans.map((l: { id: string }) => l.id)).toContain(loan.id);
    expect(list.json().counts.submitted).toBeGreaterThanOrEqual(1);
    expect((await api(admin, 'GET', '/api/admin/loans?q=nobody-at-all')).json().loans).toEqual([]);
    const detail = await api(admin, 'GET', `/api/admin/loans/${loan.id}`);
    expect(detail.json().loan.borrower).toMatchObject({ id: casey.userId, name: 'Casey Borrower' });
  });
});

describe('live events', () => {
  it('tell the borrower and admins of every change, with the spec’s words', async () => {
    const seen: { audience: Audience; event: LiveEvent }[] = [];
    const live = t.app.ctx.live;
    const original = live.publish;
    live.publish = async (audience, event) => {
      if (event.type === 'loan_updated') seen.push({ audience: audience as Audience, event });
    };
    const take = () =>
      seen
        .splice(0)
        .map((s) => ({ to: s.audience.kind, status: (s.event as { status: string }).status, message: (s.event as { message?: string }).message }));
    try {
      const cs = await collateral(casey);
      const loan = (await apply(casey, [cs[0].id], { amountRequestedCents: 200_000 })).json().loan as LoanDetail;
      expect(take().map((e) => [e.to, e.status])).toEqual([
        ['user', 'submitted'],
        ['admins', 'submitted'],
      ]);
      await offer(loan.id, { offeredAmountCents: 200_000 });
      expect(take()[0]).toEqual({ to: 'user', status: 'conditionally_approved', message: LOAN_IN_HAND_MESSAGE });
      await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'rejected', reason: 'Withdrawn' });
      expect(take()[0]).toEqual({ to: 'user', status: 'rejected', message: loanToastTitles.rejected });
      expect(seen).toHaveLength(0);
    } finally {
      live.publish = original;
    }
  });
});

describe('notifications', () => {
  /** What a user's bell holds about one loan (by its links), oldest first. */
  const bellFor = async (userId: string, loanId: string) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, userId)))
      .filter((n) => n.link?.endsWith(`loan=${loanId}`))
      .sort((a, b) => +a.createdAt - +b.createdAt || a.kind.localeCompare(b.kind))
      .map((n) => ({ kind: n.kind, title: n.title, link: n.link, variant: n.variant }));

  it('admins hear of the application and the answer to an offer; the borrower hears the offer, the funding and the payoff', async () => {
    const dana = await signedInMember(t, { name: 'Dana Debtor' });
    const cs = await collateral(dana);
    const loan = (
      await apply(
        dana,
        cs.map((c) => c.id),
      )
    ).json().loan as LoanDetail;
    const staff = `/admin/loans?loan=${loan.id}`;
    const mine = `/lend?loan=${loan.id}`;
    expect(await bellFor(admin.userId, loan.id)).toEqual([
      { kind: 'loan_application_new', title: 'New loan application', link: staff, variant: 'default' },
    ]);
    const [applied] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.link, staff)));
    expect(applied!.message).toBe('Dana Debtor applied for $8,000.00 over 3 months');
    expect(await bellFor(dana.userId, loan.id)).toEqual([]);

    t.clock.advance(1000);
    await offer(loan.id);
    t.clock.advance(1000);
    expect((await api(dana, 'POST', `/api/loans/${loan.id}/accept-offer`)).statusCode).toBe(200);
    for (const c of cs) await vault(c.id);
    t.clock.advance(1000);
    expect((await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'funded' })).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'paid', reference: 'WIRE-NOTE-1' })).statusCode).toBe(200);

    expect(await bellFor(dana.userId, loan.id)).toEqual([
      { kind: 'loan_updated', title: 'Loan offer made', link: mine, variant: 'default' },
      { kind: 'loan_updated', title: 'Loan funded', link: mine, variant: 'default' },
      { kind: 'loan_updated', title: 'Loan paid off', link: mine, variant: 'default' },
    ]);
    // The admins' own moves are not news to them; the borrower's acceptance is.
    expect(await bellFor(admin.userId, loan.id)).toEqual([
      { kind: 'loan_application_new', title: 'New loan application', link: staff, variant: 'default' },
      { kind: 'loan_updated', title: 'Loan offer accepted', link: staff, variant: 'default' },
    ]);
    expect(await bellFor(other.userId, loan.id)).toEqual([]);
  });

  it('a rejection reaches the borrower with the reason, as bad news', async () => {
    const eli = await signedInMember(t, { name: 'Eli Early' });
    const cs = await collateral(eli);
    const loan = (await apply(eli, [cs[0].id], { amountRequestedCents: 200_000 })).json().loan as LoanDetail;
    await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'rejected', reason: 'Collateral value could not be confirmed.' });
    const [n] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, eli.userId), eq(notifications.kind, 'loan_updated')));
    expect(n).toMatchObject({
      title: 'Loan declined',
      variant: 'destructive',
      message: 'Your loan request has been rejected: Collateral value could not be confirmed',
    });
  });
});

describe('scheduled work', () => {
  it('expires an unanswered offer, refusing a late acceptance', async () => {
    const cs = await collateral(casey);
    const loan = (await apply(casey, [cs[0].id], { amountRequestedCents: 200_000 })).json().loan as LoanDetail;
    await offer(loan.id, { offeredAmountCents: 200_000 });
    await advance(15 * DAY);
    const late = await api(casey, 'POST', `/api/loans/${loan.id}/accept-offer`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(loanMessages.offerExpired);
    expect((await runLendingUpkeep(t.app.ctx)).expired).toBeGreaterThanOrEqual(1);
    expect((await api(casey, 'GET', `/api/user/loans/${loan.id}`)).json().loan.status).toBe('expired');
    const [card] = await t.db.select().from(cards).where(eq(cards.id, cs[0].id));
    expect(card.holdKind).toBeNull();
    const expiredNews = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, casey.userId), eq(notifications.link, `/lend?loan=${loan.id}`)));
    expect(expiredNews.map((n) => n.title)).toEqual(expect.arrayContaining(['Loan offer made', 'Loan offer expired']));
  });

  it('defaults a loan 7 days after an unpaid due date, once, through the durable job runner', async () => {
    const { loan, cards: loanCards } = await acceptedLoan(casey);
    const funded = (await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'funded' })).json().loan as AdminLoanDetail;
    const firstDue = Date.parse(`${funded.schedule[0].dueDate}T00:00:00Z`);
    const runner = new JobRunner(t.db, t.clock, lendingJobs(t.app.ctx));
    const runAt = async (ms: number) => {
      await advance(ms - t.clock.now().getTime());
      await scheduleLendingUpkeep(t.app.ctx);
      await runner.runDue();
      return (await api(casey, 'GET', `/api/user/loans/${loan.id}`)).json().loan as LoanDetail;
    };
    const onDue = await runAt(firstDue + 9 * 3_600_000);
    expect(onDue.status).toBe('funded');
    expect(onDue.schedule[0].status).toBe('invoiced');
    expect(onDue.nextPayment?.overdue).toBe(false);
    // Seven days late is still grace.
    const lastGrace = await runAt(firstDue + 7 * DAY + 20 * 3_600_000);
    expect(lastGrace.status).toBe('funded');
    expect(lastGrace.nextPayment?.overdue).toBe(true);
    const eighth = await runAt(firstDue + 8 * DAY + 3_600_000);
    expect(eighth).toMatchObject({ status: 'defaulted' });
    expect(eighth.collateralListableAt).toBe(new Date(firstDue + 38 * DAY).toISOString().slice(0, 10));
    expect(eighth.events.at(-1)).toMatchObject({ from: 'funded', to: 'defaulted', actorName: null });
    // The borrower hears of the default (a kind of its own, texted by default); the admins are not told by the bell.
    const defaults = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'loan_defaulted'), eq(notifications.link, `/lend?loan=${loan.id}`)));
    expect(defaults.map((n) => [n.userId, n.title, n.variant])).toEqual([[casey.userId, 'Loan in default', 'destructive']]);

    // Repeating the run changes nothing: no second invoice, no second history row.
    const invoicesBefore = Number((await t.db.select({ n: count() }).from(invoices).where(eq(invoices.relatedId, loan.id)))[0].n);
    expect(await runLendingUpkeep(t.app.ctx)).toEqual({ expired: 0, invoiced: 0, defaulted: 0 });
    await Promise.all([runLendingUpkeep(t.app.ctx), runLendingUpkeep(t.app.ctx)]);
    expect(Number((await t.db.select({ n: count() }).from(invoices).where(eq(invoices.relatedId, loan.id)))[0].n)).toBe(invoicesBefore);
    const after = (await api(casey, 'GET', `/api/user/loans/${loan.id}`)).json().loan as LoanDetail;
    expect(after.events.filter((e) => e.to === 'defaulted')).toHaveLength(1);
    expect(LENDING_UPKEEP_JOB).toBe('lending.upkeep');

    // The collateral stays pledged through the notice, then passes to the house, still in the vault.
    const early = await api(admin, 'POST', `/api/admin/loans/${loan.id}/take-collateral`);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(loanMessages.noticeRunning(formatDateUtc(eighth.collateralListableAt!)));
    expect(early.json().error).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await advance(30 * DAY);
    expect((await api(casey, 'POST', `/api/admin/loans/${loan.id}/take-collateral`)).statusCode).toBe(403);
    const taken = await api(admin, 'POST', `/api/admin/loans/${loan.id}/take-collateral`);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().loan).toMatchObject({ status: 'defaulted' });
    expect(taken.json().loan.collateralTakenAt).not.toBeNull();
    const [house] = await t.db.select().from(cards).where(eq(cards.id, loanCards[0].id));
    expect(house).toMatchObject({ holdKind: null, custody: 'in_vault' });
    expect(house.ownerId).not.toBe(casey.userId);
    expect((await api(admin, 'POST', `/api/admin/loans/${loan.id}/take-collateral`)).json().error).toBe(loanMessages.collateralTaken);
  });
});

describe('the demo book', () => {
  it('has loans in every status for Casey and Jordan, with pledges, schedules and invoices to match', async () => {
    const casey = await signIn(t, '+12125550103');
    const jordan = await signIn(t, '+12125550104');
    const mine = async (who: typeof casey) =>
      (await t.app.inject({ method: 'GET', url: '/api/user/loans', headers: who.headers })).json().loans as LoanDetail[];
    const all = [...(await mine(casey)), ...(await mine(jordan))];
    expect(new Set(all.map((l) => l.status))).toEqual(
      new Set(['submitted', 'conditionally_approved', 'accepted', 'funded', 'paid', 'defaulted', 'rejected', 'declined', 'expired']),
    );
    for (const l of all) {
      const d = (
        await t.app.inject({
          method: 'GET',
          url: `/api/user/loans/${l.id}`,
          headers: (all.indexOf(l) < (await mine(casey)).length ? casey : jordan).headers,
        })
      ).json().loan as LoanDetail;
      const pledged = ['accepted', 'funded', 'defaulted'].includes(d.status);
      for (const c of d.collateral) expect(c.pledged).toBe(pledged);
      if (d.status === 'funded') {
        expect(d.schedule.map((s) => s.status)).toEqual(['paid', 'paid', 'invoiced', ...Array(9).fill('scheduled')]);
        expect(d.outstandingPrincipalCents).toBe(d.schedule[1].balanceAfterCents);
        expect(d.invoices.filter((i) => i.kind === 'installment')).toHaveLength(3);
      }
      if (d.status === 'paid') expect(d.schedule.every((s) => s.status === 'paid')).toBe(true);
      if (d.status === 'defaulted') {
        // Seeded against today's date (the test clock runs elsewhere): one paid, one billed and unpaid.
        expect(d.schedule.map((s) => s.status)).toEqual(['paid', 'invoiced', 'scheduled']);
        expect(d.defaultedAt).not.toBeNull();
      }
    }
  });
});

describe('payoff quotes', () => {
  it('are voided by an installment paid meanwhile, and a newer quote replaces an older one', async () => {
    const { loan } = await acceptedLoan(casey);
    await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'funded' });
    await advance(31 * DAY);
    await runLendingUpkeep(t.app.ctx);
    const first = (await api(casey, 'POST', `/api/loans/${loan.id}/payoff`)).json().invoiceId as string;
    const second = (await api(casey, 'POST', `/api/loans/${loan.id}/payoff`)).json().invoiceId as string;
    const status = async (id: string) => (await t.db.select({ s: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0].s;
    expect(await status(first)).toBe('void');
    expect(await status(second)).toBe('sent');
    const d = (await api(casey, 'GET', `/api/user/loans/${loan.id}`)).json().loan as LoanDetail;
    await pay(casey, d.schedule[0].invoiceId!);
    expect(await status(second)).toBe('void');
    const after = (await api(casey, 'GET', `/api/user/loans/${loan.id}`)).json().loan as LoanDetail;
    expect(after).toMatchObject({ status: 'funded', outstandingPrincipalCents: d.schedule[0].balanceAfterCents });
    expect(after.invoices.filter((i) => i.kind === 'payoff').map((i) => i.status)).toEqual(['void', 'void']);
    // A voided quote cannot be paid.
    expect((await api(casey, 'POST', '/api/checkout', { invoiceId: second })).statusCode).toBeGreaterThanOrEqual(400);
  });
});
