import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundHoldings, funds, fundTransactions, fundValuations } from '#server/db/schema/funds.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { users } from '#server/db/schema/users.ts';
import { seedDemoFunds } from '#server/db/seed/funds.ts';
import { trialBalance } from '#server/modules/ledger/index.ts';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedIndex: true, seedFunds: true });
  // Thousands of demo sales, then about sixty monthly valuations.
}, 240_000);
afterAll(async () => t?.close());

describe('the demo funds', () => {
  it('has three funds of 10–25 cards, valued monthly, with positions that are the sum of their transactions', async () => {
    const fs = await t.db.select().from(funds);
    expect(fs.map((f) => f.slug).sort()).toEqual(['modern-basketball', 'multi-sport-blue-chip', 'vintage-baseball']);
    for (const f of fs) {
      const holdings = await t.db.select().from(fundHoldings).where(eq(fundHoldings.fundId, f.id));
      expect(holdings.length).toBeGreaterThanOrEqual(10);
      expect(holdings.length).toBeLessThanOrEqual(25);
      expect(holdings.some((h) => h.constituentId)).toBe(true);
      const vals = await t.db.select().from(fundValuations).where(eq(fundValuations.fundId, f.id));
      expect(vals.length).toBeGreaterThanOrEqual(12);
      const [sum] = await t.db
        .select({ u: sql<string>`coalesce(sum(${fundTransactions.unitsMicro}), 0)` })
        .from(fundTransactions)
        .where(sql`${fundTransactions.fundId} = ${f.id} and ${fundTransactions.status} = 'dealt'`);
      expect(Number(sum.u)).toBe(f.unitsMicro);
    }
    // The dealing is on the ledger: each fund's investor capital is subscriptions − redemptions − fees.
    const tb = await trialBalance(t.app.ctx);
    expect(tb.balanced).toBe(true);
    for (const f of fs) {
      const [net] = await t.db
        .select({
          c: sql<string>`coalesce(sum(case when ${fundTransactions.kind} = 'subscription' then ${fundTransactions.amountCents} else -${fundTransactions.amountCents} end), 0)`,
        })
        .from(fundTransactions)
        .where(sql`${fundTransactions.fundId} = ${f.id} and ${fundTransactions.status} = 'dealt'`);
      expect(tb.accounts.find((a) => a.code === `fund_capital:${f.id}`)?.balanceCents ?? 0, f.slug).toBe(Number(net.c));
    }
    // Seeding again adds nothing.
    await seedDemoFunds(t.db);
    expect(await t.db.select().from(funds)).toHaveLength(3);

    const [casey] = await t.db.select().from(users).where(eq(users.name, 'Casey Collector'));
    const session = await signIn(t, casey.phone);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/user/fund-positions', headers: session.headers })).json();
    expect(mine.positions).toHaveLength(3);
    expect(mine.totals.valueCents).toBeGreaterThan(0);
    const list = (await t.app.inject({ method: 'GET', url: '/api/funds', headers: session.headers })).json();
    expect(
      list.funds.every(
        (f: { sparkline: unknown[]; performanceSinceInceptionPct: number | null }) =>
          f.sparkline.length > 10 && f.performanceSinceInceptionPct !== null,
      ),
    ).toBe(true);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/funds/${list.funds[0].id}`, headers: session.headers })).json();
    expect(detail.indexSeries.length).toBe(detail.navSeries.length);

    // Each valuation told Casey of the dealing, in the bell; the old ones are read, as the rest of the demo bell.
    const dealt = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, casey.id), eq(notifications.kind, 'fund_dealt')));
    expect(dealt.length).toBeGreaterThanOrEqual(3);
    expect(dealt.every((n) => n.link?.startsWith('/funds/'))).toBe(true);
    const old = dealt.filter((n) => Date.now() - n.createdAt.getTime() > 4 * 86_400_000);
    expect(old.length).toBeGreaterThan(0);
    expect(old.every((n) => n.readAt)).toBe(true);
  });
});
