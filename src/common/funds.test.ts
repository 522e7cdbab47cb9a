import { describe, expect, it } from 'vitest';
import {
  accruedFeeCents,
  cashForRedemption,
  daysBetweenDates,
  formatUnits,
  fundAllocationSchema,
  navCents,
  navPerUnitCents,
  parseUnits,
  performancePct,
  positionValueCents,
  splitByPercent,
  splitFee,
  unitsForSubscription,
} from './funds.ts';

// One fund worked by hand: $10,000 in at $100.00, $9,000 of cards bought, marked up to $11,000,
// a 1.5% fee over 30 days, then a $3,000 subscription and a 10-unit redemption at that price.
describe('fund accounting on a hand-worked example', () => {
  const initial = { navCents: 0, unitsMicro: 0, initialUnitPriceCents: 10_000 };

  it('issues units at the initial price before any are outstanding', () => {
    // $10,000.00 ÷ $100.00 = 100 units = 100,000,000 micro-units
    expect(unitsForSubscription(1_000_000, initial)).toBe(100_000_000);
    expect(navPerUnitCents(initial)).toBe(10_000);
  });

  it('accrues the fee on gross assets for the days elapsed, rounded down', () => {
    // 1,200,000 × 150 × 30 ÷ (10,000 × 365) = 1,479.45… → 1,479
    expect(accruedFeeCents({ grossCents: 1_200_000, feeBps: 150, days: 30 })).toBe(1_479);
    expect(accruedFeeCents({ grossCents: 1_200_000, feeBps: 0, days: 30 })).toBe(0);
    expect(accruedFeeCents({ grossCents: 1_200_000, feeBps: 150, days: 0 })).toBe(0);
  });

  it('values NAV as marks + cash − accrued fees after a mark change', () => {
    // before the mark change: 900,000 of cards + 100,000 cash
    expect(navCents({ marksCents: [400_000, 500_000], cashCents: 100_000, accruedFeeCents: 0 })).toBe(1_000_000);
    // the cards re-marked to 1,100,000, the fee taken
    expect(navCents({ marksCents: [450_000, 650_000], cashCents: 100_000, accruedFeeCents: 1_479 })).toBe(1_198_521);
    expect(navPerUnitCents({ navCents: 1_198_521, unitsMicro: 100_000_000, initialUnitPriceCents: 10_000 })).toBeCloseTo(11_985.21, 6);
  });

  const price = { navCents: 1_198_521, unitsMicro: 100_000_000, initialUnitPriceCents: 10_000 };

  it('issues subscription units at NAV per unit, rounded down to the micro-unit', () => {
    // 300,000 × 100,000,000 ÷ 1,198,521 = 25,030,850.52… → 25,030,850 (25.030850 units)
    expect(unitsForSubscription(300_000, price)).toBe(25_030_850);
    expect(unitsForSubscription(0, price)).toBe(0);
  });

  it('pays redemptions at NAV per unit, rounded down to the cent', () => {
    // 10 units: 10,000,000 × 1,198,521 ÷ 100,000,000 = 119,852.1 → 119,852
    expect(cashForRedemption(10_000_000, price)).toBe(119_852);
    // everything: exactly NAV
    expect(cashForRedemption(100_000_000, price)).toBe(1_198_521);
    expect(positionValueCents(60_000_000, price)).toBe(719_112); // 719,112.6 → 719,112
  });

  it('never pays out more than the fund holds, whatever the split', () => {
    const a = cashForRedemption(33_333_333, price);
    const b = cashForRedemption(33_333_333, price);
    const c = cashForRedemption(33_333_334, price);
    expect(a + b + c).toBeLessThanOrEqual(1_198_521);
  });

  it('splits a fee by units, leftover cents to the largest holder, summing to the fee', () => {
    // 1,479 over 60 and 40 units: 887.4 → 887, 591.6 → 591, one cent left → the 60-unit holder
    const shares = splitFee(1_479, [
      { key: 'b', unitsMicro: 40_000_000 },
      { key: 'a', unitsMicro: 60_000_000 },
    ]);
    expect(shares.get('a')).toBe(888);
    expect(shares.get('b')).toBe(591);
    expect(splitFee(0, [{ key: 'a', unitsMicro: 1 }]).get('a')).toBe(0);
  });
});

describe('helpers', () => {
  it('formats and parses units with 6 decimals', () => {
    expect(formatUnits(25_030_850)).toBe('25.030850');
    expect(formatUnits(1_234_000_000_001)).toBe('1,234,000.000001');
    expect(formatUnits(-999_000_000)).toBe('-999.000000');
    for (const whole of [0, 7, 999, 1_000, 12_345, 999_999, 1_000_000, 123_456_789, 9_007_199_254]) {
      expect(formatUnits(whole * 1_000_000 + 5)).toBe(`${whole.toLocaleString('en-US')}.000005`);
    }
    expect(parseUnits('25.03085')).toBe(25_030_850);
    expect(parseUnits('1,000')).toBe(1_000_000_000);
    expect(parseUnits('1.0000001')).toBeNull();
    expect(parseUnits('-1')).toBeNull();
  });

  it('splits a deposit by percentages, leftover cents to the largest share', () => {
    expect(
      splitByPercent(100_001, [
        { fundId: 'a', percent: 50 },
        { fundId: 'b', percent: 30 },
        { fundId: 'c', percent: 20 },
      ]),
    ).toEqual([
      { fundId: 'a', amountCents: 50_001 },
      { fundId: 'b', amountCents: 30_000 },
      { fundId: 'c', amountCents: 20_000 },
    ]);
    const parts = splitByPercent(10_000_01, [
      { fundId: 'a', percent: 33 },
      { fundId: 'b', percent: 33 },
      { fundId: 'c', percent: 34 },
    ]);
    expect(parts.reduce((s, p) => s + p.amountCents, 0)).toBe(10_000_01);
  });

  it('checks a fund allocation adds to 100 with each fund once', () => {
    const a = '00000000-0000-4000-8000-000000000001';
    const b = '00000000-0000-4000-8000-000000000002';
    expect(
      fundAllocationSchema.safeParse([
        { fundId: a, percent: 60 },
        { fundId: b, percent: 40 },
      ]).success,
    ).toBe(true);
    expect(
      fundAllocationSchema.safeParse([
        { fundId: a, percent: 60 },
        { fundId: b, percent: 30 },
      ]).success,
    ).toBe(false);
    expect(
      fundAllocationSchema.safeParse([
        { fundId: a, percent: 60 },
        { fundId: a, percent: 40 },
      ]).success,
    ).toBe(false);
    expect(fundAllocationSchema.safeParse([]).success).toBe(false);
  });

  it('counts days and performance', () => {
    expect(daysBetweenDates('2024-01-31', '2024-03-01')).toBe(30);
    expect(performancePct(10_000, 11_000)).toBeCloseTo(10, 9);
    expect(performancePct(null, 11_000)).toBeNull();
  });
});
