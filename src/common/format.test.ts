import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney } from './format.ts';

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
  it("gives Intl's en-US USD format", () => {
    const make = (d: 0 | 2) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: d, maximumFractionDigits: d });
    const formats = { 0: make(0), 2: make(2) };
    const intl = (d: 0 | 2) => formats[d];
    const values = [0, -0, -0.001, -0.005, 0.005, 0.125, 1.005, 2.675, 9.995, 99.5, 999.995, 1e-7, 1e21, 123456789.125, -1234.5];
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    for (let i = 0; i < 5000; i++) values.push(Math.round(random() * 10 ** (i % 12)) / 10 ** (i % 5), random() * 10 ** (i % 15));
    for (const v of values) {
      expect(formatMoney(v)).toBe(intl(2).format(v));
      expect(formatMoney(v, 0)).toBe(intl(0).format(v));
    }
  });
});

describe('formatCents', () => {
  it('converts integer cents', () => {
    expect(formatCents(2_500_000)).toBe('$25,000.00');
    expect(formatCents(2_500_000n, 0)).toBe('$25,000');
    expect(formatCents(null)).toBe('$0.00');
  });
});
