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
});

describe('formatCents', () => {
  it('converts integer cents', () => {
    expect(formatCents(2_500_000)).toBe('$25,000.00');
    expect(formatCents(2_500_000n, 0)).toBe('$25,000');
    expect(formatCents(null)).toBe('$0.00');
  });
});
