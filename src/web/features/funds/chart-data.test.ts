import { describe, expect, it } from 'vitest';
import { comparisonPoints, formatReturn, sparklinePath } from './chart-data.ts';

describe('comparisonPoints', () => {
  it('puts the fund and the index on the fund’s valuation dates, oldest first', () => {
    const nav = [
      { date: '2025-02-28', rebased: 110.04 },
      { date: '2025-01-31', rebased: 100 },
      { date: '2025-03-31', rebased: 95.26 },
    ];
    const index = [
      { date: '2025-01-31', rebased: 100 },
      { date: '2025-03-31', rebased: 104.96 },
    ];
    expect(comparisonPoints(nav, index)).toEqual([
      { day: '2025-01-31', fund: 100, index: 100 },
      { day: '2025-02-28', fund: 110, index: null },
      { day: '2025-03-31', fund: 95.3, index: 105 },
    ]);
  });

  it('is empty without valuations', () => {
    expect(comparisonPoints([], [{ date: '2025-01-01', rebased: 100 }])).toEqual([]);
  });
});

describe('formatReturn', () => {
  it('signs gains and losses and shows a dash for none', () => {
    expect(formatReturn(12.4)).toBe('+12.40%');
    expect(formatReturn(-3.1)).toBe('−3.10%');
    expect(formatReturn(0)).toBe('0.00%');
    expect(formatReturn(null)).toBe('—');
  });
});

describe('sparklinePath', () => {
  it('runs from the left edge to the right edge, high values at the top', () => {
    expect(sparklinePath([1, 3, 2], 102, 12)).toBe('M1.0,11.0 L51.0,1.0 L101.0,6.0');
  });
  it('draws a flat series across the middle', () => {
    expect(sparklinePath([5, 5], 12, 10)).toBe('M1.0,5.0 L11.0,5.0');
  });
});
