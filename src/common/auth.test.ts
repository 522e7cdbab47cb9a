import { describe, expect, it } from 'vitest';
import { adminUserPatchSchema, emailSchema, nameSchema, otpSchema, profilePatchSchema, registerInputSchema, verifyOtpInputSchema } from './auth.ts';

describe('auth contracts', () => {
  it('otp: exactly 6 digits', () => {
    expect(otpSchema.parse(' 123456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', '12 456', '12345a', '']) {
      expect(otpSchema.safeParse(bad).error?.issues[0].message).toBe('OTP must be 6 digits');
    }
  });

  it('email: optional, valid or empty', () => {
    expect(emailSchema.parse('')).toBe('');
    expect(emailSchema.parse(' a@b.co ')).toBe('a@b.co');
    expect(emailSchema.safeParse('a@').error?.issues[0].message).toBe('Invalid email address');
  });

  it('verify: normalises phones; an empty targetUserPhone is absent', () => {
    const v = verifyOtpInputSchema.parse({ phone: '(212) 555-0101', otp: '123456', targetUserPhone: '' });
    expect(v).toEqual({ phone: '+12125550101', otp: '123456' });
    const w = verifyOtpInputSchema.parse({ phone: '2125550101', otp: '123456', targetUserPhone: '212 555 0103' });
    expect(w.targetUserPhone).toBe('+12125550103');
  });

  it('register: otp or code', () => {
    expect(registerInputSchema.safeParse({ phone: '2125550101', code: '123456' }).success).toBe(true);
    expect(registerInputSchema.safeParse({ phone: '2125550101' }).success).toBe(false);
  });

  it('profile patch refuses unknown fields (the phone is not changeable here)', () => {
    expect(profilePatchSchema.safeParse({ phone: '+12125550101' }).success).toBe(false);
    expect(profilePatchSchema.safeParse({ smsOptIn: false }).success).toBe(true);
  });

  it('admin patch needs something to change', () => {
    expect(adminUserPatchSchema.safeParse({}).success).toBe(false);
    expect(adminUserPatchSchema.safeParse({ status: 'suspended' }).success).toBe(true);
    expect(adminUserPatchSchema.safeParse({ status: 'banned' }).success).toBe(false);
  });
});

describe('names cannot disguise themselves', () => {
  it('refuses bidi controls and zero-width characters, keeps ordinary accents and scripts', () => {
    for (const bad of ['Ann\u202Eeid', 'Bob\u200B', '\u2066Eve\u2069', 'Jo\u200Dhn', 'Al\uFEFFice', 'Mo\u061Cna']) {
      expect(nameSchema.safeParse(bad).success).toBe(false);
    }
    for (const ok of ['José Müller', 'Zoë O’Neil', 'محمد علي', '山田 太郎']) expect(nameSchema.safeParse(ok).success).toBe(true);
  });
});
