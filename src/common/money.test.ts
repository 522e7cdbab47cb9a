import { describe, expect, it } from 'vitest';
import { labelWithoutRate } from './money.ts';

describe('labelWithoutRate', () => {
  it('drops a trailing rate equal to the line’s, so the rate is said once', () => {
    expect(labelWithoutRate('Photography and authentication check (1%)', 100)).toBe('Photography and authentication check');
    expect(labelWithoutRate('Origination fee (1.5%)', 150)).toBe('Origination fee');
    expect(labelWithoutRate('Seller commission ( 8 % )', 800)).toBe('Seller commission');
    expect(labelWithoutRate('Wire fee (0.07%)', 7)).toBe('Wire fee');
    expect(labelWithoutRate('Storage (12.50%)', 1250)).toBe('Storage');
  });
  it('keeps a label that names no rate, another rate, or a rate elsewhere', () => {
    expect(labelWithoutRate('Seller commission', 800)).toBe('Seller commission');
    expect(labelWithoutRate('Seller commission (8%)', 750)).toBe('Seller commission (8%)');
    expect(labelWithoutRate('1% club dues', 100)).toBe('1% club dues');
    expect(labelWithoutRate('Fee (1%)', null)).toBe('Fee (1%)');
  });
});
