import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { periodBuckets, type AdminDashboard } from '#common/admin-dashboard.ts';
import { funds, fundValuations } from '#server/db/schema/funds.ts';
import { loanCollateral, loanInstallments, loans } from '#server/db/schema/lending.ts';
import { listings, sales } from '#server/db/schema/marketplace.ts';
import { kycDocuments } from '#server/db/schema/onboarding.ts';
import { accessRequests, users } from '#server/db/schema/users.ts';
import {
  createCard,
  createHunt,
  createInvoice,
  createListing,
  createMember,
  createSource,
  signedInAdmin,
  signedInMember,
} from '#server/test/factories.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/harness.ts';

// The fake clock reads Monday 2026-06-01 15:00 UTC.
let t: TestApp;
let admin: SignedIn;
const DAY = 86_400_000;
let now: number;
const ago = (days: number) => new Date(now - days * DAY);

async function dashboard(query = '', headers = admin.headers) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/dashboard${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as AdminDashboard;
}

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  now = t.clock.now().getTime();
  admin = await signedInAdmin(t);
  const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
  const suspended = await createMember(t, { status: 'suspended' });
  // Who joined when: every person created here is dated, so "new in the period" is exact.
  await t.db.update(users).set({ createdAt: ago(400) });
  await t.db
    .update(users)
    .set({ createdAt: ago(2) })
    .where(eq(users.id, a.id));
  await t.db
    .update(users)
    .set({ createdAt: ago(20) })
    .where(eq(users.id, b.id));
  await t.db
    .update(users)
    .set({ createdAt: ago(200) })
    .where(eq(users.id, c.id));
  // A suspended account (like the house's) is not a member, however new.
  await t.db
    .update(users)
    .set({ createdAt: ago(3) })
    .where(eq(users.id, suspended.id));

  const req = { instagram: 'x', termsAccepted: true, privacyAccepted: true };
  await t.db.insert(accessRequests).values([
    { ...req, phone: '+14155550301', createdAt: ago(1) },
    { ...req, phone: '+14155550302', createdAt: ago(40) },
    { ...req, phone: '+14155550303', createdAt: ago(100), status: 'approved' },
  ]);

  const doc = (userId: string, status: 'pending' | 'approved', k: number) => ({
    userId,
    type: 'id_front' as const,
    status,
    storageKey: `kyc/test-${k}-${userId}`,
    contentType: 'image/png' as const,
    sizeBytes: 10,
    sha256: 'x',
  });
  await t.db.insert(kycDocuments).values([doc(a.id, 'pending', 1), doc(a.id, 'pending', 2), doc(b.id, 'pending', 3), doc(c.id, 'approved', 4)]);

  // Sales 2, 20, 60 and 200 days ago: $1,000, $500, $2,000, $300.
  for (const [days, dollars] of [
    [2, 1000],
    [20, 500],
    [60, 2000],
    [200, 300],
  ] as const) {
    const card = await createCard(t, a);
    const price = dollars * 100;
    const [sold] = await t.db
      .insert(listings)
      .values({ cardId: card.id, priceCents: price, status: 'sold', soldAt: ago(days) })
      .returning();
    await t.db.insert(sales).values({
      kind: 'marketplace',
      listingId: sold!.id,
      cardId: card.id,
      buyerId: b.id,
      priceCents: price,
      totalCents: price,
      sellerProceedsCents: price,
      soldAt: ago(days),
    });
  }
  await createListing(t);
  await createListing(t);
  const reserved = await createListing(t);
  // Its checkout invoice is paid, so it counts among neither the open nor the overdue invoices.
  const checkout = await createInvoice(t, b, { status: 'paid' });
  await t.db
    .update(listings)
    .set({ status: 'reserved', reservedBy: b.id, reservedUntil: ago(-1), invoiceId: checkout.id })
    .where(eq(listings.id, reserved.id));

  // Loans: A at 20% LTV with an overdue installment, B at 45%, C defaulted on collateral now worth nothing, D to review, E paid off.
  const loan = async (status: 'funded' | 'defaulted' | 'submitted' | 'paid', outstanding: number, collateralCents: number[]) => {
    const [row] = await t.db
      .insert(loans)
      .values({ borrowerId: a.id, amountRequestedCents: 100_000, termMonths: 12, purpose: 'Test', status, outstandingPrincipalCents: outstanding })
      .returning();
    for (const value of collateralCents) {
      const card = await createCard(t, a, { estimatedValueCents: value });
      await t.db.insert(loanCollateral).values({ loanId: row!.id, cardId: card.id, valueAtApplicationCents: value });
    }
    return row!;
  };
  const la = await loan('funded', 40_000, [150_000, 50_000]);
  const lb = await loan('funded', 90_000, [200_000]);
  await loan('defaulted', 10_000, [0]);
  await loan('submitted', 0, []);
  const le = await loan('paid', 0, [100_000]);
  const inst = { paymentCents: 5_000, interestCents: 500, principalCents: 4_500, balanceAfterCents: 0 };
  await t.db.insert(loanInstallments).values([
    { ...inst, loanId: la.id, number: 1, dueDate: '2026-05-20', status: 'invoiced' },
    { ...inst, loanId: la.id, number: 2, dueDate: '2026-06-20', status: 'scheduled' },
    { ...inst, loanId: lb.id, number: 1, dueDate: '2026-05-01', status: 'paid' },
    { ...inst, loanId: le.id, number: 1, dueDate: '2026-05-01', status: 'cancelled' },
  ]);

  // Fund X: valued on 10 April (AUM $10,000) and 15 May (AUM $12,000); fund Y (closed) never valued, $2,500 cash.
  const [x] = await t.db
    .insert(funds)
    .values({ name: 'X', slug: 'x', minimumInvestmentCents: 100, inceptionDate: '2026-01-01', unitsMicro: 12_000_000_000 })
    .returning();
  await t.db
    .insert(funds)
    .values({ name: 'Y', slug: 'y', minimumInvestmentCents: 100, inceptionDate: '2026-01-01', status: 'closed', cashCents: 250_000 });
  const val = {
    holdingsValueCents: 0,
    cashCents: 0,
    feeCents: 0,
    navPerUnitCents: 100,
    subscriptionsCents: 0,
    redemptionsCents: 0,
    cashAfterCents: 0,
  };
  await t.db.insert(fundValuations).values([
    { ...val, fundId: x!.id, valuedOn: '2026-04-10', navCents: 500_000, unitsMicro: 5_000_000_000, unitsAfterMicro: 10_000_000_000 },
    { ...val, fundId: x!.id, valuedOn: '2026-05-15', navCents: 1_000_000, unitsMicro: 10_000_000_000, unitsAfterMicro: 12_000_000_000 },
  ]);

  // Invoices: two sent (one past due), a draft and a paid one.
  await createInvoice(t, a);
  await createInvoice(t, b, { dueDate: '2026-05-25' });
  await createInvoice(t, b, { status: 'draft' });
  await createInvoice(t, c, { status: 'paid' });

  const h1 = await createHunt(t, a, { status: 'active' });
  await createHunt(t, a, { status: 'active' });
  await createHunt(t, b);
  await createHunt(t, b, { status: 'closed' });
  await createSource(t, h1, c);
  await createSource(t, h1, b, { status: 'active' });
});
afterAll(() => t.close());

describe('GET /api/admin/dashboard: the business at a glance', () => {
  it('answers each figure from the records', async () => {
    const d = await dashboard('?period=30d');
    expect(d.period).toBe('30d');
    expect(d.business.members).toEqual({ active: 4, newInPeriod: 2, pendingAccessRequests: 2, requestsInPeriod: 1 });
    expect(d.business.kyc).toEqual({ pendingDocuments: 3, membersWaiting: 2 });
    expect(d.business.marketplace).toEqual({ gmvCents: 150_000, salesCount: 2, activeListings: 2, reservedListings: 1 });
    expect(d.business.lending).toMatchObject({
      outstandingCents: 140_000,
      fundedLoans: 3,
      applicationsToReview: 1,
      overdueInstallments: 1,
      overdueCents: 5_000,
    });
    expect(d.business.lending.ltv.map((b) => [b.label, b.loans, b.outstandingCents])).toEqual([
      ['Under 20%', 0, 0],
      ['20–30%', 1, 40_000],
      ['30–40%', 0, 0],
      ['40–50%', 1, 90_000],
      ['50% and over', 0, 0],
    ]);
    // 12,000 units at $1.00 after May's valuation, plus the unvalued fund's cash.
    expect(d.business.funds).toEqual({ aumCents: 1_450_000, openFunds: 1 });
    expect(d.business.invoices).toEqual({ openCount: 2, openCents: 24_000, overdueCount: 1, overdueCents: 12_000 });
    expect(d.business.hunts).toEqual({ openHunts: 2, huntsToReview: 1, openSources: 1, sourcesToReview: 1 });
    // What the page showed before stays as it was.
    expect(d.counts).toMatchObject({ members: 4, pendingAccessRequests: 2 });
  });

  it('counts the period figures over the chosen period, in buckets that add up to them', async () => {
    const expected = {
      '7d': [1, 100_000, 1, 1, 7],
      '30d': [2, 150_000, 2, 1, 30],
      '90d': [3, 350_000, 2, 2, 13],
      '12m': [4, 380_000, 3, 3, 12],
    } as const;
    for (const [period, [salesCount, gmv, newMembers, requests, buckets]] of Object.entries(expected)) {
      const d = await dashboard(`?period=${period}`);
      expect(d.business.marketplace, period).toMatchObject({ salesCount, gmvCents: gmv });
      expect(d.business.members, period).toMatchObject({ newInPeriod: newMembers, requestsInPeriod: requests });
      expect(d.series, period).toHaveLength(buckets);
      expect(
        d.series.reduce((s, b) => s + b.gmvCents, 0),
        period,
      ).toBe(gmv);
      expect(
        d.series.reduce((s, b) => s + b.salesCount, 0),
        period,
      ).toBe(salesCount);
      expect(
        d.series.reduce((s, b) => s + b.newMembers, 0),
        period,
      ).toBe(newMembers);
      expect(
        d.series.reduce((s, b) => s + b.accessRequests, 0),
        period,
      ).toBe(requests);
      expect(d.series.at(-1)!.end, period).toBe(period === '12m' ? '2026-07-01T00:00:00.000Z' : '2026-06-02T00:00:00.000Z');
    }
    const year = await dashboard('?period=12m');
    expect(year.bucket).toBe('month');
    expect(year.periodStart).toBe('2025-07-01T00:00:00.000Z');
    // Assets at the last valuation before each month's end: none until April, then $10,000, then $12,000.
    expect(year.series.map((b) => b.aumCents)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1_000_000, 1_200_000, 1_200_000]);
    expect((await dashboard()).period).toBe('30d');
  });

  it("draws the period's days in the admin's time zone", async () => {
    // UTC-7: the period's first day starts at 07:00 UTC.
    const d = await dashboard('?period=7d&tzOffset=420');
    expect(d.periodStart).toBe('2026-05-26T07:00:00.000Z');
    expect(d.series.map((b) => b.start)).toEqual(periodBuckets(t.clock.now(), 420, '7d').buckets.map((b) => b.start.toISOString()));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard?period=1w', headers: admin.headers })).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const member = await signedInMember(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: member.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
  });
});

describe('periodBuckets', () => {
  const monday = new Date('2026-06-01T15:00:00Z');
  it('cuts 90 days into 13 weeks from the first day, the last one ending tonight', () => {
    const { bucket, buckets } = periodBuckets(monday, 0, '90d');
    expect(bucket).toBe('week');
    expect(buckets[0]!.start.toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(buckets.at(-1)!.start.toISOString()).toBe('2026-05-27T00:00:00.000Z');
    expect(buckets.at(-1)!.end.toISOString()).toBe('2026-06-02T00:00:00.000Z');
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.start).toEqual(buckets[i - 1]!.end);
  });
  it('takes the 12 local months ending with this one', () => {
    // In UTC+2 (offset -120) it is already 1 July at 01:30.
    const { buckets } = periodBuckets(new Date('2026-06-30T23:30:00Z'), -120, '12m');
    expect(buckets[0]!.start.toISOString()).toBe('2025-07-31T22:00:00.000Z');
    expect(buckets.at(-1)!.end.toISOString()).toBe('2026-07-31T22:00:00.000Z');
  });
});
