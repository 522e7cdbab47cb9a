import { describe, expect, it } from 'vitest';
import { normalizePhone, phoneSchema } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['+12125550101', '+12125550101'],
    ['(212) 555-0101', '+12125550101'],
    ['212.555.0101', '+12125550101'],
    ['1 212 555 0101', '+12125550101'],
    [' +44 7911 123456 ', '+447911123456'],
    ['+39 333 123 4567', '+393331234567'],
  ])('%j → %s', (input, out) => expect(normalizePhone(input)).toBe(out));

  it.each([[''], ['123'], ['+1555'], ['+15551230001'], ['hello'], ['+1 212 555 01'], ['1'.repeat(40)]])('%j is not a valid number', (input) =>
    expect(normalizePhone(input)).toBeNull(),
  );

  it('uses another default country when asked', () => expect(normalizePhone('07911 123456', 'GB')).toBe('+447911123456'));
});

describe('phoneSchema', () => {
  it('outputs E.164', () => expect(phoneSchema.parse('(212) 555-0101')).toBe('+12125550101'));
  it.each([['212555010'], ['(212) 555-01ab'], [12125550101]])('refuses %j with the spec message', (input) => {
    const r = phoneSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Please enter a valid phone number');
  });
});
