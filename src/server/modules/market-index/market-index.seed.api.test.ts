import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DivisorLogResponse, IndexOverview } from '#common/market-index.ts';
import { demoCards } from '#server/db/seed/demo-cards.ts';
import { demoConstituents } from '#server/db/seed/market-index.ts';
import type { RegistryResponse } from '#common/cards.ts';
import { demoUsers } from '#server/db/seed.ts';
import { createTestApp, signIn, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedIndex: true });
});
afterAll(async () => t?.close());

describe('the demo index', () => {
  it('has 40–60 constituents across sports, over three years of levels and published reviews', async () => {
    expect(demoConstituents.length).toBeGreaterThanOrEqual(40);
    expect(demoConstituents.length).toBeLessThanOrEqual(60);
    expect(new Set(demoConstituents.map((c) => c[7])).size).toBeGreaterThanOrEqual(6);
    const o: IndexOverview = (await t.app.inject({ method: 'GET', url: '/api/index' })).json();
    expect(o.level).toBeGreaterThan(0);
    expect(o.constituents.length).toBeGreaterThan(30);
    const levels = (await t.app.inject({ method: 'GET', url: '/api/index/levels' })).json().levels;
    expect(levels[0]).toEqual({ day: o.baseDate, level: 1000 });
    expect(levels.length).toBeGreaterThan(3 * 365);
    const log: DivisorLogResponse = (await t.app.inject({ method: 'GET', url: '/api/index/divisor-log' })).json();
    const reasons = log.entries.map((e) => e.reason);
    expect(reasons).toEqual(
      expect.arrayContaining(['Base date', 'Mid-month review after the National', 'Eligibility review: new rookie cards', 'Retirement']),
    );
    expect(log.entries.some((e) => e.added.length > 0 && e.reason !== 'Base date')).toBe(true);
    expect(log.entries.some((e) => e.removed.length > 0)).toBe(true);
  });

  it('matches several of the demo registry cards', () => {
    const registry = Object.values(demoCards)
      .flat()
      .map((c) => [c.subject, c.year, c.brand, c.cardNumber, c.variety, c.grader, c.gradeValue].join('|'));
    const matched = demoConstituents.filter((c) => registry.includes([c[0], c[1], c[2], c[3], c[4], c[5], c[6]].join('|')));
    expect(matched.length).toBeGreaterThanOrEqual(10);
  });

  it('shows the demo members cards at market value, and the one or two they pinned at their estimate', async () => {
    const casey = await signIn(t, demoUsers[2].phone);
    const reg: RegistryResponse = (await t.app.inject({ method: 'GET', url: '/api/registry', headers: casey.headers })).json();
    expect(reg.atMarketValue).toBeGreaterThanOrEqual(5);
    const pinned = reg.cards.filter((c) => c.estimatePinned);
    expect(pinned.map((c) => c.subject)).toEqual(['Wayne Gretzky']);
    expect(pinned[0].valuation).toMatchObject({ source: 'estimate', valueCents: 26_500_00, market: { priceCents: expect.any(Number) } });
    expect(pinned[0].valuation.market!.priceCents).not.toBe(26_500_00);
    expect(reg.totalEstimatedValueCents).toBe(reg.cards.reduce((s, c) => s + c.valuation.valueCents, 0));
    const detail = (await t.app.inject({ method: 'GET', url: `/api/cards/${pinned[0].id}`, headers: casey.headers })).json();
    expect(detail.events.map((e: { kind: string }) => e.kind).slice(0, 2)).toEqual(['registered', 'edited']);
  });
});
