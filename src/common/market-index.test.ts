import { describe, expect, it } from 'vitest';
import { adjustDivisor, computeSeries, dailyPrices, eligibility, levelOn, priceOn, reviewDays, type SeriesConstituent } from './market-index.ts';

const c = (id: string, obs: [string, number][], retiredOn: string | null = null): SeriesConstituent => ({
  id,
  observationDays: obs.map(([d]) => d),
  prices: dailyPrices(obs.map(([day, dollars]) => ({ day, priceCents: dollars * 100 }))),
  retiredOn,
});

describe('the index method, worked by hand', () => {
  // Price weight: A $100 and B $200 on the base date → D = 30,000¢ / 1000 = 30 (prices are in cents).
  // Jan 15 A sells at $130 → (13,000 + 20,000) / 30 = 1100.
  // Feb 1 review: B retired out, C ($50) in → D' = 30 × (130 + 50) / (130 + 200) = 16.3636…, level stays 1100.
  // Feb 10 C sells at $60 → 19,000 / 16.3636… = 1161.11.
  const constituents = [
    c('A', [
      ['2023-12-01', 100],
      ['2023-12-20', 100],
      ['2024-01-15', 130],
    ]),
    c(
      'B',
      [
        ['2023-12-05', 200],
        ['2023-12-28', 200],
      ],
      '2024-02-01',
    ),
    c('C', [
      ['2024-01-10', 50],
      ['2024-01-20', 50],
      ['2024-02-10', 60],
    ]),
  ];
  const series = computeSeries({ constituents, settings: { weighting: 'price', baseDate: '2024-01-01' }, published: [], through: '2024-02-15' });
  const at = (day: string) => series.levels.find((l) => l.day === day)!;

  it('starts at 1,000 with the divisor that makes it so', () => {
    expect(at('2024-01-01').level).toBe(1000);
    expect(at('2024-01-01').divisor).toBeCloseTo(30, 10);
    expect(at('2024-01-01').members).toBe(2);
  });

  it('carries the last observation forward between sales', () => {
    expect(at('2024-01-14').level).toBeCloseTo(1000, 9);
    expect(at('2024-01-15').level).toBeCloseTo(1100, 9);
    expect(at('2024-01-31').level).toBeCloseTo(1100, 9);
  });

  it('keeps the level continuous to the cent when one constituent leaves and another enters', () => {
    const before = at('2024-01-31').level;
    const after = at('2024-02-01').level;
    expect(after.toFixed(2)).toBe(before.toFixed(2));
    expect(at('2024-02-01').divisor).toBeCloseTo((30 * 180) / 330, 10);
    expect(at('2024-02-10').level.toFixed(2)).toBe('1161.11');
  });

  it('logs the base date and the review with the old and new divisors and who moved', () => {
    expect(series.log.map((e) => [e.effectiveOn, e.reason, e.added, e.removed])).toEqual([
      ['2024-01-01', 'Base date', ['A', 'B'], []],
      ['2024-02-01', 'Retirement', ['C'], ['B']],
    ]);
    expect(series.log[1].oldDivisor).toBeCloseTo(30, 10);
    expect(series.members.get('C')).toEqual({ weight: 1, since: '2024-02-01' });
  });

  it('with equal weights each member is worth the same at a review', () => {
    const eq = computeSeries({ constituents, settings: { weighting: 'equal', baseDate: '2024-01-01' }, published: [], through: '2024-01-20' });
    expect(eq.levels[0].level).toBeCloseTo(1000, 9);
    // A up 30 %, B flat, equal weights → +15 %.
    expect(levelOn(eq.levels, '2024-01-20')).toBeCloseTo(1150, 9);
  });

  it('is the same series when computed twice', () => {
    const again = computeSeries({ constituents, settings: { weighting: 'price', baseDate: '2024-01-01' }, published: [], through: '2024-02-15' });
    expect(again.levels).toEqual(series.levels);
  });
});

describe('adjustDivisor', () => {
  it('scales the divisor by the basket change', () => {
    expect(adjustDivisor(2, 100, 150)).toBe(3);
  });
});

describe('eligibility windows', () => {
  it('needs 2 sales in 365 days and 1 in the last 183', () => {
    expect(eligibility(['2023-12-10', '2024-06-01'], '2024-07-01')).toEqual({ salesLong: 2, salesShort: 1, eligible: true });
    // Both sales older than 183 days: fails the short window.
    expect(eligibility(['2023-09-01', '2023-10-01'], '2024-07-01').eligible).toBe(false);
    // Exactly 365 days back is outside; the review day itself is inside; later days are ignored.
    expect(eligibility(['2023-07-02', '2024-07-01', '2024-07-02'], '2024-07-01')).toEqual({ salesLong: 1, salesShort: 1, eligible: false });
    expect(eligibility(['2023-07-03', '2024-07-01'], '2024-07-01').eligible).toBe(true);
  });
});

describe('prices', () => {
  it('averages several sales on one day and flags stale prices', () => {
    const prices = dailyPrices([
      { day: '2024-01-02', priceCents: 1000 },
      { day: '2024-01-01', priceCents: 500 },
      { day: '2024-01-02', priceCents: 2001 },
    ]);
    expect(prices).toEqual([
      { day: '2024-01-01', priceCents: 500 },
      { day: '2024-01-02', priceCents: 1501 },
    ]);
    expect(priceOn(prices, '2023-12-31')).toBeNull();
    expect(priceOn(prices, '2024-03-01', 90)).toEqual({ priceCents: 1501, observedOn: '2024-01-02', stale: false });
    expect(priceOn(prices, '2024-05-01', 90)?.stale).toBe(true);
  });

  it('reviews monthly, on retirements and on published reviews', () => {
    const days = reviewDays('2024-11-15', '2025-01-20', [{ day: '2024-12-10', reason: 'New cards' }], []);
    expect([...days]).toEqual([
      ['2024-11-15', 'Base date'],
      ['2024-12-01', 'Monthly review'],
      ['2025-01-01', 'Monthly review'],
      ['2024-12-10', 'New cards'],
    ]);
  });
});

describe('collectionSeries', () => {
  it('values market-matched cards at the carried-forward price, others at their estimate, both rebased to 100', async () => {
    const { collectionSeries } = await import('./market-index.ts');
    const prices = dailyPrices([
      { day: '2025-01-01', priceCents: 1000 },
      { day: '2025-01-03', priceCents: 2000 },
    ]);
    const points = collectionSeries({
      cards: [
        { estimatedValueCents: 5000, prices },
        { estimatedValueCents: 1000, prices: null },
      ],
      levels: [
        { day: '2025-01-01', level: 1000 },
        { day: '2025-01-02', level: 1100 },
        { day: '2025-01-03', level: 900 },
      ],
    });
    // Day 1: 1000 + 1000 = 2000 → 100; day 3: 2000 + 1000 = 3000 → 150.
    expect(points).toEqual([
      { day: '2025-01-01', collection: 100, market: 100 },
      { day: '2025-01-02', collection: 100, market: 110.00000000000001 },
      { day: '2025-01-03', collection: 150, market: 90 },
    ]);
  });
});
