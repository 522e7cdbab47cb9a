import { describe, expect, it } from 'vitest';
import { parseDollarsToCents, serverFieldError } from './amounts.ts';

describe('parseDollarsToCents', () => {
  it('reads dollars with separators and up to 2 decimals exactly', () => {
    expect(parseDollarsToCents('$12,500')).toBe(1_250_000);
    expect(parseDollarsToCents('0.29')).toBe(29);
    expect(parseDollarsToCents('99.5')).toBe(9950);
    expect(parseDollarsToCents(' 1 000.10 ')).toBe(100_010);
  });
  it('refuses what is not an amount', () => {
    for (const t of ['', 'abc', '1.234', '-5', '1e5', '.']) expect(parseDollarsToCents(t), t).toBeNull();
  });
});

describe('serverFieldError', () => {
  it('reads the first message for a field', () => {
    expect(serverFieldError({ error: 'Invalid', fieldErrors: { amountCents: ['Too small', 'x'] } }, 'amountCents')).toBe('Too small');
    expect(serverFieldError({ error: 'Invalid' }, 'amountCents')).toBeUndefined();
    expect(serverFieldError(undefined, 'amountCents')).toBeUndefined();
  });
});
