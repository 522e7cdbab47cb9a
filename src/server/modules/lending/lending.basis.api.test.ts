import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLockedMessages } from '#common/cards.ts';
import { loanMessages, type AdminLoanDetail, type LoanDetail, type LoanQuote } from '#common/lending.ts';
import type { LiveEvent } from '#common/live.ts';
import { loanInstallments } from '#server/db/schema/lending.ts';
import { auditLog } from '#server/db/schema/users.ts';
import type { Audience } from '#server/realtime/bus.ts';
import { addObservations, createCard, createConstituent, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

// Decision 128: a loan is capped on the lower of the member's estimate and an independent value
// (our appraisal, else the index's market price); a card with neither counts for nothing. A loan
// is defaulted by hand only past an installment's grace, or with an audited reason.
// The test clock reads 2026-06-01.
let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
const MARKET = {
  player: 'Basis Player',
  year: 1993,
  set: 'Basis Set',
  cardNumber: '1',
  grader: 'PSA' as const,
  grade: 9,
  sport: 'baseball' as const,
};

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  admin = await signedInAdmin(t, { name: 'Loan Desk' });
  member = await signedInMember(t, { name: 'Basis Borrower' });
  const { id } = await createConstituent(t, MARKET);
  await addObservations(t, id, [['2026-05-20', 1_000_000]]);
});
afterAll(async () => t?.close());

const api = (who: SignedInUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, payload: payload as never });
const quote = async (ids: string[], amountCents?: number) =>
  (
    await api(member, 'GET', `/api/loans/quote?cardIds=${ids.join(',')}&termMonths=3${amountCents ? `&amountCents=${amountCents}` : ''}`)
  ).json<LoanQuote>();
/** A card of the member's following the constituent above ($10,000 market price). */
const marketCard = (estimatedValueCents: number) =>
  createCard(t, member.user, {
    subject: MARKET.player,
    year: MARKET.year,
    brand: MARKET.set,
    cardNumber: MARKET.cardNumber,
    grade: 'MINT 9',
    sport: 'baseball',
    estimatedValueCents,
  });
const apply = (cardIds: string[], amountRequestedCents: number) =>
  api(member, 'POST', '/api/loans', { cardIds, amountRequestedCents, termMonths: 3, purpose: 'Inventory' });
const offer = (id: string, offeredAmountCents: number) =>
  api(admin, 'PATCH', `/api/admin/loans/${id}`, { status: 'conditionally_approved', offeredAmountCents, aprBps: 1200, termMonths: 3 });

describe('the lending basis', () => {
  it('gives an invented $2,000,000 card with no market price or appraisal no borrowing power', async () => {
    const card = await createCard(t, member.user, { subject: 'Invented Rookie', estimatedValueCents: 200_000_000 });
    const q = await quote([card.id]);
    expect(q.maxLoanCents).toBe(0);
    expect(q.collateralValueCents).toBe(0);
    expect(q.cards[0]).toMatchObject({
      estimatedValueCents: 200_000_000,
      marketValueCents: null,
      appraisedValueCents: null,
      basisCents: 0,
      basisSource: 'none',
    });
    expect(q.issue).toBe(loanMessages.capBelowMinimum(0, 100_000));
    const res = await apply([card.id], 80_000_000);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.amountRequestedCents).toEqual([loanMessages.capBelowMinimum(0, 100_000)]);
  });

  it('quotes on the market price when the member’s estimate is higher, and on the estimate when it is lower', async () => {
    const high = await marketCard(200_000_000);
    const q = await quote([high.id]);
    expect(q.cards[0]).toMatchObject({ marketValueCents: 1_000_000, basisCents: 1_000_000, basisSource: 'market' });
    expect(q.maxLoanCents).toBe(400_000);
    const low = await marketCard(500_000);
    expect((await quote([low.id])).cards[0]).toMatchObject({ basisCents: 500_000, basisSource: 'estimate' });
  });

  it('uses our appraisal over the market price once one is recorded', async () => {
    const card = await marketCard(200_000_000);
    expect((await api(admin, 'PUT', `/api/admin/cards/${card.id}/appraisal`, { valueCents: 2_500_000 })).statusCode).toBe(200);
    const q = await quote([card.id]);
    expect(q.cards[0]).toMatchObject({
      marketValueCents: 1_000_000,
      appraisedValueCents: 2_500_000,
      basisCents: 2_500_000,
      basisSource: 'appraisal',
    });
    expect(q.maxLoanCents).toBe(1_000_000);
  });

  it('refuses an offer above 40% of the basis though within 40% of the estimate, and shows the admin every figure', async () => {
    const card = await marketCard(5_000_000);
    const applied = await apply([card.id], 400_000);
    expect(applied.statusCode, applied.body).toBe(201);
    const loan = applied.json().loan as LoanDetail;
    const detail = (await api(admin, 'GET', `/api/admin/loans/${loan.id}`)).json().loan as AdminLoanDetail;
    expect(detail.collateral[0]).toMatchObject({
      estimateCents: 5_000_000,
      marketValueCents: 1_000_000,
      appraisedValueCents: null,
      basisCents: 1_000_000,
      basisSource: 'market',
      valueAtApplicationCents: 1_000_000,
    });
    expect(detail.collateralValueCents).toBe(1_000_000);
    const over = await offer(loan.id, 1_500_000);
    expect(over.statusCode).toBe(400);
    expect(over.json().fieldErrors.offeredAmountCents).toEqual([loanMessages.offerAboveCap(400_000)]);
    const ok = await offer(loan.id, 400_000);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().loan.ltvAtOfferBps).toBe(4000);
  });
});

/** Applied, offered, accepted, vaulted and funded against an appraised card. */
async function fundedLoan() {
  const card = await createCard(t, member.user, {
    subject: 'Funded Collateral',
    estimatedValueCents: 2_000_000,
    appraisedValueCents: 2_000_000,
    appraisedAt: t.clock.now(),
  });
  const loan = (await apply([card.id], 500_000)).json().loan as LoanDetail;
  expect((await offer(loan.id, 500_000)).statusCode).toBe(200);
  expect((await api(member, 'POST', `/api/loans/${loan.id}/accept-offer`)).statusCode).toBe(200);
  expect((await api(admin, 'PATCH', `/api/admin/cards/${card.id}/custody`, { custody: 'in_vault', note: null })).statusCode).toBe(200);
  const funded = await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'funded' });
  expect(funded.statusCode, funded.body).toBe(200);
  return { loan: funded.json().loan as AdminLoanDetail, card };
}

describe('a pledged card corrected or appraised', () => {
  it('is frozen for the borrower; an admin’s correction re-prices the loan’s LTV and writes it into the loan’s history', async () => {
    const { loan, card } = await fundedLoan();
    expect(loan).toMatchObject({ collateralValueCents: 2_000_000, liveLtvBps: 2500 });
    const refused = await api(member, 'PATCH', `/api/cards/${card.id}`, { estimatedValueCents: 9_000_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(cardLockedMessages.loan);

    const heard: { to: Audience; event: LiveEvent }[] = [];
    const live = t.app.ctx.live;
    const original = live.publish;
    live.publish = async (to, event) => {
      heard.push({ to: to as Audience, event });
      return original.call(live, to, event);
    };
    try {
      const res = await api(admin, 'PUT', `/api/admin/cards/${card.id}/appraisal`, { valueCents: 1_000_000, note: 'Surface wear found on receipt' });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      live.publish = original;
    }
    const after = (await api(admin, 'GET', `/api/admin/loans/${loan.id}`)).json().loan as AdminLoanDetail;
    expect(after).toMatchObject({ collateralValueCents: 1_000_000, liveLtvBps: 5000, ltvWarning: true });
    expect(after.collateral[0]).toMatchObject({
      estimateCents: 2_000_000,
      appraisedValueCents: 1_000_000,
      basisCents: 1_000_000,
      basisSource: 'appraisal',
    });
    expect(after.events.at(-1)).toMatchObject({ from: 'funded', to: 'funded', actorName: 'Loan Desk' });
    expect(after.events.at(-1)!.note).toContain('appraised at $10,000.00: collateral value $10,000.00, LTV 50%');
    expect(heard.some((h) => h.to.kind === 'admins' && h.event.type === 'loan_updated')).toBe(true);

    const corrected = await api(admin, 'PATCH', `/api/admin/cards/${card.id}`, {
      estimatedValueCents: 800_000,
      reason: 'Owner’s estimate was a typo',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const again = (await api(member, 'GET', `/api/user/loans/${loan.id}`)).json().loan as LoanDetail;
    expect(again).toMatchObject({ collateralValueCents: 800_000, liveLtvBps: 6250 });
    expect(again.events.at(-1)!.note).toContain('corrected (estimatedValueCents)');
  });
});

describe('defaulting by hand', () => {
  it('needs an overdue installment past its grace, or an override reason that is audited', async () => {
    const { loan } = await fundedLoan();
    expect(loan.pastGrace).toBe(false);
    const refused = await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'defaulted', note: 'Feels risky' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.overrideReason).toEqual([loanMessages.defaultNeedsReason]);
    expect(((await api(admin, 'GET', `/api/admin/loans/${loan.id}`)).json().loan as AdminLoanDetail).status).toBe('funded');

    const res = await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'defaulted', overrideReason: 'Borrower declared bankruptcy' });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().loan as AdminLoanDetail;
    expect(d.status).toBe('defaulted');
    expect(d.events.at(-1)).toMatchObject({
      from: 'funded',
      to: 'defaulted',
      note: 'Defaulted before any installment was past its grace: Borrower declared bankruptcy',
    });
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, loan.id), eq(auditLog.action, 'loan.default_override')));
    expect(row).toMatchObject({ actorId: admin.userId, data: { reason: 'Borrower declared bankruptcy' } });
  });

  it('takes no reason once an installment is unpaid past its grace', async () => {
    const { loan } = await fundedLoan();
    // The first installment fell due nine days ago (policy: 7 days' grace).
    await t.db
      .update(loanInstallments)
      .set({ dueDate: '2026-05-23' })
      .where(and(eq(loanInstallments.loanId, loan.id), eq(loanInstallments.number, 1)));
    expect(((await api(admin, 'GET', `/api/admin/loans/${loan.id}`)).json().loan as AdminLoanDetail).pastGrace).toBe(true);
    const res = await api(admin, 'PATCH', `/api/admin/loans/${loan.id}`, { status: 'defaulted', note: 'Installment 1 unpaid' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().loan.events.at(-1)).toMatchObject({ to: 'defaulted', note: 'Installment 1 unpaid' });
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, loan.id), eq(auditLog.action, 'loan.default_override'))),
    ).toEqual([]);
  });
});
