import { describe, expect, it } from 'vitest';
import { centsToDollarText, priceProblem } from './dollars.ts';

describe('price fields', () => {
  it('takes typed dollars and refuses what is not a price', () => {
    expect(priceProblem('$1,200.5')).toBeNull();
    expect(priceProblem('25')).toBeNull();
    for (const t of ['1.234', '-3', 'abc', '']) expect(priceProblem(t), t).toMatch(/greater than \$0/);
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
