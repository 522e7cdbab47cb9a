import { describe, expect, it } from 'vitest';
import { centsToDollarText, dollarsToCents, priceProblem } from './dollars.ts';

describe('price fields', () => {
  it('reads typed dollars as cents', () => {
    expect(dollarsToCents('$1,200.5')).toBe(120050);
    expect(dollarsToCents('25')).toBe(2500);
    expect(dollarsToCents('1.234')).toBeNull();
    expect(dollarsToCents('-3')).toBeNull();
    expect(dollarsToCents('abc')).toBeNull();
  });
  it('refuses zero and anything over $100,000,000 with the shared message', () => {
    expect(priceProblem('0')).toMatch(/greater than \$0/);
    expect(priceProblem('100000000')).toBeNull();
    expect(priceProblem('100000000.01')).toMatch(/at most \$100,000,000/);
    expect(priceProblem('450')).toBeNull();
  });
  it('shows cents back as a plain amount', () => {
    expect(centsToDollarText(120050)).toBe('1200.50');
    expect(centsToDollarText(2500)).toBe('25');
  });
});
