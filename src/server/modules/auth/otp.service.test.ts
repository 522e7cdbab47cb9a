import { describe, expect, it } from 'vitest';
import { codeMatches, generateCode, hashCode } from './otp.service.ts';
import { hashSessionToken, newSessionToken } from './session.service.ts';

describe('security: one-time codes (unit)', () => {
  it('codes are 6 digits, leading zeros kept, spread over the whole range', () => {
    const codes = Array.from({ length: 5000 }, generateCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(4900);
    const firstDigits = new Set(codes.map((c) => c[0]));
    expect(firstDigits.size).toBe(10);
  });

  it('the hash is keyed and bound to the phone; comparison accepts only the right code', () => {
    const h = hashCode('secret-a', '+12125550101', '123456');
    expect(h).not.toBe(hashCode('secret-b', '+12125550101', '123456'));
    expect(h).not.toBe(hashCode('secret-a', '+12125550102', '123456'));
    expect(codeMatches('secret-a', '+12125550101', '123456', h)).toBe(true);
    expect(codeMatches('secret-a', '+12125550101', '123457', h)).toBe(false);
    expect(codeMatches('secret-a', '+12125550101', '123456', 'abcd')).toBe(false);
  });
});

describe('security: sessions and identity (unit)', () => {
  it('tokens are 256 random bits; the stored hash is SHA-256', () => {
    const a = newSessionToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(newSessionToken());
    expect(hashSessionToken(a)).toMatch(/^[0-9a-f]{64}$/);
  });
});
