import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accruedFeeCents, cashForRedemption, unitsForSubscription } from '#common/funds.ts';
import { cards } from '#server/db/schema/cards.ts';
import { funds, fundTransactions, fundValuations } from '#server/db/schema/funds.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { auditLog } from '#server/db/schema/users.ts';
import { houseAccountId } from '#server/modules/cards/index.ts';
import { jpegLike, multipartBody, tinyPng } from '#server/test/files.ts';
import { SERVICE_AGREEMENT } from '#server/modules/onboarding/index.ts';
import {
  addObservations,
  createCard,
  createConstituent,
  signedInAdmin,
  signedInClient,
  signedInManager,
  signedInMember,
} from '#server/test/factories.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
let manager: SignedIn;
let otherManager: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let house: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'funds-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir }, seedDemo: false });
  admin = await signedInAdmin(t, { name: 'Avery Admin' });
  manager = await signedInManager(t, { name: 'Morgan Manager' });
  otherManager = await signedInManager(t, { name: 'Riley Manager' });
  alice = await signedInMember(t, { name: 'Alice Investor' });
  bob = await signedInMember(t, { name: 'Bob Investor' });
  house = await houseAccountId(t.db);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PATCH';
const call = (who: SignedIn | null, method: Method, url: string, payload?: object) => t.app.inject({ method, url, payload, headers: who?.headers });
const ok = async (who: SignedIn, method: Method, url: string, payload?: object, status = 200) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

let fundSeq = 0;
async function newFund(overrides: Record<string, unknown> = {}) {
  const body = await ok(
    admin,
    'POST',
    '/api/admin/funds',
    {
      name: `Test Fund ${++fundSeq}`,
      minimumInvestmentCents: 100_000,
      managementFeeBps: 120,
      inceptionDate: '2026-01-01',
      strategy: 'Graded cards',
      ...overrides,
    },
    201,
  );
  return body.fund.id as string;
}

const counts = async (fundId: string) => {
  const [v] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(fundValuations)
    .where(eq(fundValuations.fundId, fundId));
  const [x] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(fundTransactions)
    .where(eq(fundTransactions.fundId, fundId));
  const [f] = await t.db.select().from(funds).where(eq(funds.id, fundId));
  return { valuations: v.n, transactions: x.n, cash: f.cashCents, units: f.unitsMicro };
};

/** Units per member as the sum of their dealt transactions, straight from the ledger. */
async function ledgerUnits(fundId: string, userId: string) {
  const [r] = await t.db
    .select({ u: sql<string>`coalesce(sum(${fundTransactions.unitsMicro}), 0)` })
    .from(fundTransactions)
    .where(and(eq(fundTransactions.fundId, fundId), eq(fundTransactions.userId, userId), eq(fundTransactions.status, 'dealt')));
  return Number(r.u);
}

describe('a fund from subscription to redemption', () => {
  it('deals requests at valuations, marks holdings from the index or by hand, and keeps positions the sum of transactions', async () => {
    // Bad input on creation: nothing written.
    const badFee = await call(admin, 'POST', '/api/admin/funds', {
      name: 'X',
      minimumInvestmentCents: 100,
      managementFeeBps: 5000,
      inceptionDate: '2026-01-01',
    });
    expect(badFee.statusCode).toBe(400);
    expect(badFee.json().fieldErrors.managementFeeBps).toBeDefined();
    const fundId = await newFund();

    // A subscription below the minimum: 400, nothing written.
    const low = await call(alice, 'POST', `/api/funds/${fundId}/subscription-requests`, { amountCents: 50_000 });
    expect(low.statusCode).toBe(400);
    expect(low.json().fieldErrors.amountCents[0]).toBe('The minimum investment in this fund is $1,000.00');
    const req = await ok(alice, 'POST', `/api/funds/${fundId}/subscription-requests`, { amountCents: 1_000_000 }, 201);
    expect(req.request.status).toBe('pending');

    // Alice's request, accepted by an admin; Bob's subscription recorded directly.
    const accepted = await ok(admin, 'POST', `/api/admin/funds/${fundId}/requests/${req.request.id}/decision`, { decision: 'accept' });
    expect(accepted).toMatchObject({ status: 'accepted', decidedBy: 'Avery Admin' });
    expect((await call(admin, 'POST', `/api/admin/funds/${fundId}/requests/${req.request.id}/decision`, { decision: 'accept' })).statusCode).toBe(
      409,
    );
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/transactions`, { kind: 'subscription', userId: bob.userId, amountCents: 500_000 }, 201);

    // Preview writes nothing; the run deals both at the initial $100.00.
    const before = await counts(fundId);
    const preview = await ok(admin, 'POST', `/api/admin/funds/${fundId}/valuations/preview`, { valuedOn: '2026-01-31' });
    expect(preview.deals.map((d: { unitsMicro: number }) => d.unitsMicro).sort()).toEqual([100_000_000, 50_000_000]);
    expect(await counts(fundId)).toEqual(before);
    const v1 = await ok(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-01-31' }, 201);
    expect(v1).toMatchObject({ navCents: 0, feeCents: 0, unitsAfterMicro: 150_000_000, cashAfterCents: 1_500_000 });

    // The same date again is refused, an earlier one too, a future one too: nothing written.
    const after1 = await counts(fundId);
    const again = await call(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-01-31' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This fund was already valued on Jan 31, 2026');
    const earlier = await call(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-01-15' });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().fieldErrors.valuedOn[0]).toBe('A valuation must be after the last one (Jan 31, 2026)');
    expect((await call(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-07-01' })).statusCode).toBe(400);
    expect(await counts(fundId)).toEqual(after1);

    // Holdings: a house card (matching an index constituent) and a member's card, bought.
    const constituent = await createConstituent(t, {
      player: 'Mickey Mantle',
      year: 1952,
      set: 'Topps',
      cardNumber: '311',
      grade: 8,
      sport: 'baseball',
    });
    await addObservations(t, constituent.id, [['2026-02-20', 900_000]]);
    const houseCard = await createCard(
      t,
      { id: house },
      { subject: 'Mickey Mantle', year: 1952, brand: 'Topps', cardNumber: '311', grade: 'NM-MT 8', sport: 'baseball', custody: 'in_vault' },
    );
    const memberCard = await createCard(
      t,
      { id: bob.userId },
      { subject: 'Bill Russell', year: 1957, brand: 'Topps', cardNumber: '77', custody: 'in_vault' },
    );
    const outside = await createCard(t, { id: bob.userId }, { custody: 'with_owner' });
    expect(
      (await call(admin, 'POST', `/api/admin/funds/${fundId}/holdings`, { cardId: outside.id, costBasisCents: 1000, acquiredOn: '2026-02-01' }))
        .statusCode,
    ).toBe(409);

    await ok(admin, 'POST', `/api/admin/funds/${fundId}/holdings`, { cardId: houseCard.id, costBasisCents: 800_000, acquiredOn: '2026-02-01' }, 201);
    const detail = await ok(
      admin,
      'POST',
      `/api/admin/funds/${fundId}/holdings`,
      { cardId: memberCard.id, costBasisCents: 400_000, acquiredOn: '2026-02-02' },
      201,
    );
    expect(detail.fund.cashCents).toBe(300_000);
    const [moved] = await t.db.select().from(cards).where(eq(cards.id, memberCard.id));
    expect(moved).toMatchObject({ ownerId: house, holdKind: 'fund' });
    const [held] = await t.db.select().from(cards).where(eq(cards.id, houseCard.id));
    expect(held).toMatchObject({ ownerId: house, holdKind: 'fund' });
    const mantle = detail.holdings.find((h: { cardId: string }) => h.cardId === houseCard.id);
    const russell = detail.holdings.find((h: { cardId: string }) => h.cardId === memberCard.id);
    expect(mantle.constituentId).toBe(constituent.id);
    expect(russell.constituentId).toBeNull();
    // A card already in the fund, and a purchase beyond the cash: refused.
    expect(
      (await call(admin, 'POST', `/api/admin/funds/${fundId}/holdings`, { cardId: houseCard.id, costBasisCents: 100, acquiredOn: '2026-02-03' }))
        .statusCode,
    ).toBe(409);
    const spare = await createCard(t, { id: house }, { custody: 'in_vault' });
    const tooDear = await call(admin, 'POST', `/api/admin/funds/${fundId}/holdings`, {
      cardId: spare.id,
      costBasisCents: 300_001,
      acquiredOn: '2026-02-03',
    });
    expect(tooDear.statusCode).toBe(409);

    // Manual marks only for cards the index does not follow.
    expect(
      (await call(admin, 'POST', `/api/admin/funds/${fundId}/holdings/${mantle.id}/marks`, { valueCents: 1, markedOn: '2026-02-15' })).statusCode,
    ).toBe(409);
    await ok(
      admin,
      'POST',
      `/api/admin/funds/${fundId}/holdings/${russell.id}/marks`,
      { valueCents: 500_000, markedOn: '2026-02-15', note: 'Comparable sale' },
      201,
    );

    // Valuation: 900,000 (index) + 500,000 (manual) + 300,000 cash, less 28 days of 1.2%.
    const fee = accruedFeeCents({ grossCents: 1_700_000, feeBps: 120, days: 28 });
    expect(fee).toBe(1_564);
    const v2 = await ok(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-02-28' }, 201);
    expect(v2).toMatchObject({
      holdingsValueCents: 1_400_000,
      cashCents: 300_000,
      feeCents: 1_564,
      navCents: 1_698_436,
      unitsMicro: 150_000_000,
      cashAfterCents: 298_436,
    });
    expect(v2.lines.map((l: { source: string }) => l.source).sort()).toEqual(['index', 'manual']);

    // Fee shares are fee transactions (no units) that add up to the fee.
    const feeRows = await t.db
      .select()
      .from(fundTransactions)
      .where(and(eq(fundTransactions.fundId, fundId), eq(fundTransactions.kind, 'fee')));
    expect(feeRows.reduce((s, r) => s + (r.amountCents ?? 0), 0)).toBe(1_564);
    expect(feeRows.every((r) => r.unitsMicro === 0)).toBe(true);

    // Redemptions: more than held refused; 10 units asked, accepted, dealt at the next valuation.
    const tooMany = await call(alice, 'POST', `/api/funds/${fundId}/redemption-requests`, { unitsMicro: 100_000_001 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.unitsMicro[0]).toBe('You can redeem at most 100.000000 units');
    expect((await call(bob, 'POST', `/api/funds/${fundId}/redemption-requests`, { unitsMicro: 0 })).statusCode).toBe(400);
    const red = await ok(alice, 'POST', `/api/funds/${fundId}/redemption-requests`, { unitsMicro: 10_000_000 }, 201);
    // A manager acts only for their own clients: Alice is not one.
    expect((await call(manager, 'POST', `/api/manager/funds/${fundId}/requests/${red.request.id}/decision`, { decision: 'accept' })).statusCode).toBe(
      404,
    );
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/requests/${red.request.id}/decision`, { decision: 'accept' });
    // The accepted redemption counts against what can still be redeemed.
    expect((await call(alice, 'POST', `/api/funds/${fundId}/redemption-requests`, { unitsMicro: 90_000_001 })).statusCode).toBe(400);

    const v3 = await ok(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-03-31' }, 201);
    const price = { navCents: v3.navCents, unitsMicro: 150_000_000, initialUnitPriceCents: 10_000 };
    const deal = v3.deals.find((d: { kind: string }) => d.kind === 'redemption');
    expect(deal).toMatchObject({ unitsMicro: -10_000_000, amountCents: cashForRedemption(10_000_000, price) });
    expect(v3.unitsAfterMicro).toBe(140_000_000);

    // Positions are the ledger's sums, and the fund's units their total.
    const mine = await ok(alice, 'GET', '/api/user/fund-positions');
    expect(mine.positions).toHaveLength(1);
    expect(mine.positions[0].unitsMicro).toBe(await ledgerUnits(fundId, alice.userId));
    expect(mine.positions[0].unitsMicro).toBe(90_000_000);
    expect(mine.positions[0].investedCents).toBe(1_000_000 - deal.amountCents);
    const state = await counts(fundId);
    expect(state.units).toBe((await ledgerUnits(fundId, alice.userId)) + (await ledgerUnits(fundId, bob.userId)));

    // A dealt transaction cannot be rewritten, even by hand.
    await expect(
      t.db
        .update(fundTransactions)
        .set({ note: 'x' })
        .where(and(eq(fundTransactions.fundId, fundId), eq(fundTransactions.status, 'dealt'))),
    ).rejects.toThrow();

    // Dispose of the Mantle: proceeds into cash, the card released; marking it afterwards refused.
    const disposed = await ok(admin, 'POST', `/api/admin/funds/${fundId}/holdings/${mantle.id}/dispose`, {
      proceedsCents: 950_000,
      disposedOn: '2026-04-02',
    });
    expect(disposed.fund.cashCents).toBe(state.cash + 950_000);
    const [released] = await t.db.select().from(cards).where(eq(cards.id, houseCard.id));
    expect(released.holdKind).toBeNull();
    expect(
      (await call(admin, 'POST', `/api/admin/funds/${fundId}/holdings/${mantle.id}/marks`, { valueCents: 1, markedOn: '2026-04-03' })).statusCode,
    ).toBe(409);

    // The member's view: holdings, NAV series, allocation, their own position, the holding's page.
    const pub = await ok(alice, 'GET', `/api/funds/${fundId}`);
    expect(pub.navSeries.map((p: { date: string }) => p.date)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(pub.holdings.map((h: { cardId: string }) => h.cardId)).toEqual([memberCard.id]);
    expect(pub.position.unitsMicro).toBe(90_000_000);
    expect(pub.allocation.bySport[0]).toMatchObject({ key: 'basketball', weight: 1 });
    const holding = await ok(alice, 'GET', `/api/funds/${fundId}/cards/${memberCard.id}`);
    expect(holding.markHistory.some((m: { source: string; by: string | null }) => m.source === 'manual' && m.by === 'Avery Admin')).toBe(true);
    expect(holding.provenance.map((p: { kind: string }) => p.kind)).toContain('fund_acquired');
    expect((await call(alice, 'GET', `/api/funds/${fundId}/cards/${outside.id}`)).statusCode).toBe(404);

    // The manage page: valuations newest first with their deals counted; the ledger as transactions.
    const manage = await ok(admin, 'GET', `/api/admin/funds/${fundId}`);
    expect(manage.valuations.map((v: { dealtCount: number }) => v.dealtCount)).toEqual([1, 0, 2]);
    const allFees = await t.db
      .select()
      .from(fundTransactions)
      .where(and(eq(fundTransactions.fundId, fundId), eq(fundTransactions.kind, 'fee')));
    expect(manage.transactions.filter((x: { kind: string }) => x.kind === 'fee').length).toBe(allFees.length);
    expect(allFees.length).toBe(4); // two holders, two valuations with a fee

    // A closed fund takes no new money.
    await ok(admin, 'PATCH', `/api/admin/funds/${fundId}`, { status: 'closed' });
    const closed = await call(bob, 'POST', `/api/funds/${fundId}/subscription-requests`, { amountCents: 1_000_000 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('This fund is closed to new investment');

    // Every admin change is in the audit log.
    const actions = await t.db.select({ a: auditLog.action }).from(auditLog).where(like(auditLog.action, 'fund.%'));
    for (const a of [
      'fund.created',
      'fund.holding_added',
      'fund.holding_marked',
      'fund.holding_disposed',
      'fund.valuation_run',
      'fund.request_accepted',
      'fund.subscription_recorded',
      'fund.updated',
    ]) {
      expect(actions.map((x) => x.a)).toContain(a);
    }
  });

  it('deals many subscriptions at one price so nobody is diluted', async () => {
    const fundId = await newFund({ managementFeeBps: 0 });
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/transactions`, { kind: 'subscription', userId: alice.userId, amountCents: 1_000_000 }, 201);
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-01-31' }, 201);
    const card = await createCard(t, { id: house }, { custody: 'in_vault', grader: 'raw', grade: null });
    const d = await ok(
      admin,
      'POST',
      `/api/admin/funds/${fundId}/holdings`,
      { cardId: card.id, costBasisCents: 500_000, acquiredOn: '2026-02-01' },
      201,
    );
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/holdings/${d.holdings[0].id}/marks`, { valueCents: 800_000, markedOn: '2026-02-10' }, 201);
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/transactions`, { kind: 'subscription', userId: bob.userId, amountCents: 260_000 }, 201);
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/transactions`, { kind: 'subscription', userId: alice.userId, amountCents: 130_000 }, 201);
    const v = await ok(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-02-28' }, 201);
    // NAV 1,300,000 over 100 units: $130.00 a unit; 20 and 10 units.
    expect(v.navCents).toBe(1_300_000);
    const price = { navCents: 1_300_000, unitsMicro: 100_000_000, initialUnitPriceCents: 10_000 };
    const units = Object.fromEntries(v.deals.map((x: { userId: string; unitsMicro: number }) => [x.userId, x.unitsMicro]));
    expect(units).toEqual({ [bob.userId]: unitsForSubscription(260_000, price), [alice.userId]: unitsForSubscription(130_000, price) });
    expect(units).toEqual({ [bob.userId]: 20_000_000, [alice.userId]: 10_000_000 });
  });
});

describe('notifications', () => {
  const bell = async (userId: string, fundId: string) =>
    (
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.link, `/funds/${fundId}`)))
    )
      .sort((a, b) => +a.createdAt - +b.createdAt)
      .map((n) => ({ kind: n.kind, title: n.title, message: n.message, variant: n.variant }));

  it('a member hears their request accepted or declined, and their subscription confirmed when a valuation deals it', async () => {
    const fundId = await newFund({ name: 'Notified Fund', managementFeeBps: 0 });
    const [carla, dana] = [await signedInMember(t, { name: 'Carla Investor' }), await signedInMember(t, { name: 'Dana Investor' })];
    const yes = await ok(carla, 'POST', `/api/funds/${fundId}/subscription-requests`, { amountCents: 200_000 }, 201);
    const no = await ok(dana, 'POST', `/api/funds/${fundId}/subscription-requests`, { amountCents: 150_000 }, 201);
    // Asking is the member's own act: nothing in their bell yet.
    expect(await bell(carla.userId, fundId)).toEqual([]);
    t.clock.advance(1000);
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/requests/${yes.request.id}/decision`, { decision: 'accept' });
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/requests/${no.request.id}/decision`, {
      decision: 'reject',
      note: 'Please finish onboarding first.',
    });
    t.clock.advance(1000);
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-01-31' }, 201);

    expect(await bell(carla.userId, fundId)).toEqual([
      {
        kind: 'fund_request_decided',
        title: 'Subscription accepted',
        message: 'Your subscription request for Notified Fund was accepted; it is dealt at the next valuation',
        variant: 'default',
      },
      {
        kind: 'fund_dealt',
        title: 'Subscription confirmed',
        message: 'Your subscription to Notified Fund was dealt on Jan 31, 2026; your units are issued',
        variant: 'default',
      },
    ]);
    expect(await bell(dana.userId, fundId)).toEqual([
      {
        kind: 'fund_request_decided',
        title: 'Subscription declined',
        message: 'Your subscription request for Notified Fund was declined. Note: Please finish onboarding first',
        variant: 'destructive',
      },
    ]);
    for (const who of [admin, alice, bob]) expect(await bell(who.userId, fundId)).toEqual([]);
    // The admins heard of each request, with the fund's desk to decide it.
    const desk = (
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.userId), eq(notifications.link, `/admin/funds/${fundId}/manage`)))
    )
      .map((n) => ({ kind: n.kind, title: n.title, message: n.message }))
      .sort((a, b) => a.message.localeCompare(b.message));
    expect(desk).toEqual([
      { kind: 'fund_request_new', title: 'New subscription request', message: 'Carla Investor asked to subscribe $2,000.00 to Notified Fund' },
      { kind: 'fund_request_new', title: 'New subscription request', message: 'Dana Investor asked to subscribe $1,500.00 to Notified Fund' },
    ]);
    for (const who of [carla, dana]) {
      expect((await t.db.select().from(notifications).where(eq(notifications.userId, who.userId))).map((n) => n.kind)).not.toContain(
        'fund_request_new',
      );
    }
  });
});

describe('who sees and does what', () => {
  it('shows a member only their own position and keeps staff calls to staff', async () => {
    const fundId = await newFund({ managementFeeBps: 0 });
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/transactions`, { kind: 'subscription', userId: alice.userId, amountCents: 200_000 }, 201);
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/transactions`, { kind: 'subscription', userId: bob.userId, amountCents: 300_000 }, 201);
    await ok(admin, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-01-31' }, 201);

    const a = await ok(alice, 'GET', `/api/funds/${fundId}`);
    const b = await ok(bob, 'GET', `/api/funds/${fundId}`);
    expect(a.position.unitsMicro).toBe(20_000_000);
    expect(b.position.unitsMicro).toBe(30_000_000);
    expect(JSON.stringify(a)).not.toContain(bob.userId);
    const list = await ok(alice, 'GET', '/api/funds');
    expect(list.positions.find((p: { fundId: string }) => p.fundId === fundId).unitsMicro).toBe(20_000_000);
    expect(JSON.stringify(list)).not.toContain(bob.userId);
    // The minimum is for the first investment: a holder may add less.
    await ok(alice, 'POST', `/api/funds/${fundId}/subscription-requests`, { amountCents: 50_000 }, 201);

    // Members: no staff calls. Managers: read, execute for their clients, but no holdings or valuations.
    expect((await call(alice, 'GET', '/api/admin/funds')).statusCode).toBe(403);
    expect(
      (await call(alice, 'POST', `/api/admin/funds/${fundId}/transactions`, { kind: 'subscription', userId: alice.userId, amountCents: 200_000 }))
        .statusCode,
    ).toBe(403);
    expect((await call(null, 'GET', '/api/funds')).statusCode).toBe(401);
    expect((await call(manager, 'GET', '/api/admin/funds')).statusCode).toBe(403);
    expect((await call(manager, 'GET', '/api/manager/funds')).statusCode).toBe(200);
    expect((await call(alice, 'GET', '/api/manager/funds')).statusCode).toBe(403);
    expect((await call(manager, 'POST', `/api/admin/funds/${fundId}/valuations`, { valuedOn: '2026-02-28' })).statusCode).toBe(403);
    expect(
      (await call(manager, 'POST', '/api/admin/funds', { name: 'M', minimumInvestmentCents: 100, managementFeeBps: 0, inceptionDate: '2026-01-01' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(manager, 'POST', `/api/manager/funds/${fundId}/transactions`, { kind: 'subscription', userId: alice.userId, amountCents: 200_000 }))
        .statusCode,
    ).toBe(404);
    const managed = await ok(manager, 'GET', `/api/manager/funds/${fundId}`);
    expect(managed.investors).toEqual([]);
    const all = await ok(admin, 'GET', `/api/admin/funds/${fundId}`);
    expect(all.investors).toHaveLength(2);
    expect((await ok(admin, 'GET', '/api/admin/funds')).funds.find((f: { id: string }) => f.id === fundId)).toMatchObject({
      investorCount: 2,
      aumCents: 500_000,
    });
  });
});

async function approveAll(userId: string) {
  const list = await ok(admin, 'GET', '/api/admin/kyc/documents?status=pending');
  for (const d of list.documents.filter((x: { user: { id: string } }) => x.user.id === userId)) {
    await ok(admin, 'PATCH', `/api/admin/kyc/documents/${d.id}`, { status: 'approved' });
  }
}

async function upload(who: SignedIn, type: string, data: Buffer, filename = 'doc.png', contentType = 'image/png') {
  const { payload, headers } = multipartBody({ type }, { filename, contentType, data });
  const res = await t.app.inject({ method: 'POST', url: '/api/user/kyc/documents', payload, headers: { ...who.headers, ...headers } });
  expect(res.statusCode, res.body).toBe(201);
}

describe('onboarding: the deposit goes into the funds the client chose', () => {
  it('creates subscriptions by the allocation when the manager confirms the deposit, dealt at the next valuation', async () => {
    const growth = await newFund({ managementFeeBps: 0, minimumInvestmentCents: 10_000_000 });
    const income = await newFund({ managementFeeBps: 0 });
    const shut = await newFund({ status: 'closed' });
    const { id, session: client } = await signedInClient(t, manager, { name: 'Taylor Client' });
    const allocation = { vintage: 30, modern: 20, basketball: 20, baseball: 10, football: 10, other: 10 };
    await ok(client, 'POST', '/api/onboarding/tier', { tier: 'investor' });

    // Funds must add to 100, be open, and each appear once: nothing written otherwise.
    const short = await call(client, 'POST', '/api/onboarding/allocation', {
      allocation,
      funds: [
        { fundId: growth, percent: 60 },
        { fundId: income, percent: 30 },
      ],
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Fund percentages must add up to 100%');
    const closedPick = await call(client, 'POST', '/api/onboarding/allocation', { allocation, funds: [{ fundId: shut, percent: 100 }] });
    expect(closedPick.statusCode).toBe(400);
    expect((await ok(client, 'GET', '/api/onboarding')).status).toBe('portfolio_allocation');

    const o = await ok(client, 'POST', '/api/onboarding/allocation', {
      allocation,
      funds: [
        { fundId: growth, percent: 60 },
        { fundId: income, percent: 40 },
      ],
    });
    expect(o.onboarding.fundAllocation.map((f: { percent: number }) => f.percent).sort()).toEqual([40, 60]);

    for (const type of ['id_front', 'id_back']) await upload(client, type, tinyPng());
    await upload(client, 'selfie', jpegLike(), 'me.jpg', 'image/jpeg');
    await ok(client, 'POST', '/api/onboarding/kyc');
    await ok(client, 'POST', '/api/onboarding/sign', { fullName: 'Taylor Client', consent: true, agreementVersion: SERVICE_AGREEMENT.version });
    await approveAll(client.userId);

    // Another manager cannot see the client's positions; the deposit is confirmed by theirs.
    expect((await call(otherManager, 'GET', `/api/manager/clients/${id}/fund-positions`)).statusCode).toBe(404);
    const done = await ok(manager, 'POST', `/api/manager/clients/${id}/confirm-deposit`, { amountCents: 10_000_001 });
    expect(done.status).toBe('active');
    expect(done.fundAllocation).toHaveLength(2);

    const pending = await t.db
      .select()
      .from(fundTransactions)
      .where(and(eq(fundTransactions.userId, client.userId), eq(fundTransactions.status, 'pending')));
    const byFund = Object.fromEntries(pending.map((p) => [p.fundId, p.amountCents]));
    // 60% gets the leftover cent (the largest share); the fund minimum does not apply to the mandate.
    expect(byFund).toEqual({ [growth]: 6_000_001, [income]: 4_000_000 });
    expect(pending.every((p) => p.source === 'onboarding' && p.kind === 'subscription')).toBe(true);
    const waiting = await ok(client, 'GET', '/api/user/fund-positions');
    expect(waiting.positions.map((p: { pendingSubscriptionCents: number }) => p.pendingSubscriptionCents).sort()).toEqual([4_000_000, 6_000_001]);

    // The manager can execute for their client: record a subscription into the open fund.
    await ok(
      manager,
      'POST',
      `/api/manager/funds/${income}/transactions`,
      { kind: 'subscription', userId: client.userId, amountCents: 100_000 },
      201,
    );

    await ok(admin, 'POST', `/api/admin/funds/${growth}/valuations`, { valuedOn: '2026-02-01' }, 201);
    await ok(admin, 'POST', `/api/admin/funds/${income}/valuations`, { valuedOn: '2026-02-01' }, 201);
    const mine = await ok(client, 'GET', '/api/user/fund-positions');
    expect(mine.positions.map((p: { unitsMicro: number }) => p.unitsMicro).sort((x: number, y: number) => x - y)).toEqual([410_000_000, 600_000_100]);
    expect(mine.totals).toMatchObject({ investedCents: 10_100_001, valueCents: 10_100_001, gainCents: 0 });
    const seen = await ok(manager, 'GET', `/api/manager/clients/${id}/fund-positions`);
    expect(seen.positions).toHaveLength(2);
    const managed = await ok(manager, 'GET', `/api/manager/funds/${income}`);
    expect(managed.investors.map((i: { user: { id: string } }) => i.user.id)).toEqual([client.userId]);
  });
});
