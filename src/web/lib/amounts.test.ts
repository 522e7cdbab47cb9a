import { describe, expect, it } from 'vitest';
import { parseDollarsToCents, parseMoneyInput, serverFieldError } from './amounts.ts';

const problem = (text: string, options?: Parameters<typeof parseMoneyInput>[1]) => {
  const r = parseMoneyInput(text, options);
  return r.ok ? null : r.problem;
};

describe('parseMoneyInput', () => {
  it('reads dollars with separators and up to 2 decimals exactly', () => {
    expect(parseDollarsToCents('$12,500')).toBe(1_250_000);
    expect(parseDollarsToCents('1,250.5')).toBe(125_050);
    expect(parseDollarsToCents('$1,250.50')).toBe(125_050);
    expect(parseDollarsToCents('0.07')).toBe(7);
    expect(parseDollarsToCents('0.29')).toBe(29);
    expect(parseDollarsToCents('99.5')).toBe(9950);
    expect(parseDollarsToCents(' 1 000.10 ')).toBe(100_010);
    expect(parseDollarsToCents('.5')).toBe(50);
    expect(parseDollarsToCents('5.')).toBe(500);
    expect(parseDollarsToCents('0')).toBe(0);
  });

  it('is exact where floating point is not', () => {
    // 1.15 * 100 is 114.99999999999999 in floating point; read digit by digit, nothing needs rounding.
    expect(parseDollarsToCents('1.15')).toBe(115);
    expect(parseDollarsToCents('4.35')).toBe(435);
    expect(parseDollarsToCents('9,007,199,254,740.99')).toBeNull();
    expect(parseDollarsToCents('999,999,999,999.99')).toBe(99_999_999_999_999);
    for (let c = 0; c < 100_000; c += 97) expect(parseDollarsToCents(`${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`)).toBe(c);
  });

  it('says why an amount is refused', () => {
    expect(problem('')).toBe('empty');
    expect(problem('   ')).toBe('empty');
    for (const t of ['abc', '1e5', '.', '$', '-', '12$', '1.2.3', '0x10', '--5', '-$-5', 'Infinity', '12 dollars'])
      expect(problem(t), t).toBe('notAmount');
    expect(problem('1.234')).toBe('tooManyDecimals');
    expect(problem('0.075')).toBe('tooManyDecimals');
    expect(problem('-5')).toBe('negative');
    expect(problem('$-5')).toBe('negative');
    expect(problem('1000000000000')).toBe('tooLarge');
    expect(problem('0', { allowZero: false })).toBe('zero');
    expect(problem('0.00', { allowZero: false })).toBe('zero');
    expect(problem('100.01', { maxCents: 10_000 })).toBe('tooLarge');
    expect(parseMoneyInput('1.234')).toEqual({ ok: false, problem: 'tooManyDecimals', message: 'Enter at most 2 decimals (cents)' });
    expect(parseMoneyInput('100.01', { maxCents: 10_000 })).toMatchObject({ message: 'Enter an amount of at most $100.00' });
    expect(parseMoneyInput('ten')).toMatchObject({ message: 'Enter an amount in dollars, like 1,250.50' });
    expect(parseMoneyInput('')).toMatchObject({ message: 'Enter an amount' });
  });

  it('takes a negative amount only where it is allowed', () => {
    expect(parseDollarsToCents('-25.50', { allowNegative: true })).toBe(-2550);
    expect(parseDollarsToCents('-$1,000', { allowNegative: true })).toBe(-100_000);
    expect(parseDollarsToCents('$-0.07', { allowNegative: true })).toBe(-7);
    expect(parseDollarsToCents('-0')).toBe(0);
  });
});

describe('serverFieldError', () => {
  it('reads the first message for a field', () => {
    expect(serverFieldError({ error: 'Invalid', fieldErrors: { amountCents: ['Too small', 'x'] } }, 'amountCents')).toBe('Too small');
    expect(serverFieldError({ error: 'Invalid' }, 'amountCents')).toBeUndefined();
    expect(serverFieldError(undefined, 'amountCents')).toBeUndefined();
  });
});
