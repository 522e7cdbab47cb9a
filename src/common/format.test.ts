import { describe, expect, it } from 'vitest';
import { formatCents, formatDate, formatMoney } from './format.ts';

describe('formatDate', () => {
  it('uses US English short style', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('Jan 5, 2024');
    expect(formatDate('2024-12-25T12:00:00')).toBe('Dec 25, 2024');
  });
  it("matches Intl's en-US short date, in local time, for every month and day", () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let day = 0; day < 366 * 3; day += 1) {
      const d = new Date(2023, 0, 1 + day, day % 24, 30);
      expect(formatDate(d)).toBe(intl.format(d));
    }
    for (const year of [1, 999, 1986, 10000]) {
      const d = new Date(2020, 5, 15);
      d.setFullYear(year);
      expect(formatDate(d)).toBe(intl.format(d));
    }
  });
  it('gives an empty string for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatMoney', () => {
  it('shows 2 decimals by default', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney('99')).toBe('$99.00');
  });
  it('shows no decimals when asked', () => {
    expect(formatMoney(250000, 0)).toBe('$250,000');
    expect(formatMoney(1234.56, 0)).toBe('$1,235');
  });
  it('shows empty or non-numeric values as $0.00', () => {
    expect(formatMoney('')).toBe('$0.00');
    expect(formatMoney('abc')).toBe('$0.00');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatMoney(NaN)).toBe('$0.00');
    expect(formatMoney(null, 0)).toBe('$0.00');
  });
  it('formats negative amounts', () => {
    expect(formatMoney(-5)).toBe('-$5.00');
  });
});

describe('formatCents', () => {
  it('converts integer cents', () => {
    expect(formatCents(2_500_000)).toBe('$25,000.00');
    expect(formatCents(2_500_000n, 0)).toBe('$25,000');
    expect(formatCents(null)).toBe('$0.00');
  });
});
