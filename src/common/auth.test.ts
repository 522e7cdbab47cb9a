import { describe, expect, it } from 'vitest';
import { adminUserPatchSchema, emailSchema, otpSchema, profilePatchSchema, registerInputSchema, verifyOtpInputSchema } from './auth.ts';

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

describe('person names', () => {
  it('refuse text-direction overrides and invisible characters that disguise a name', async () => {
    const { nameSchema } = await import('./auth.ts');
    const { inviteClientSchema, signInputSchema } = await import('./onboarding.ts');
    for (const disguised of ['Avery\u202EnimdA', 'Av\u200Bery', 'Ave\u2066ry\u2069', 'Av\uFEFFery', 'Av\u00ADery']) {
      expect(nameSchema.safeParse(disguised).success).toBe(false);
      expect(inviteClientSchema.safeParse({ phone: '+12125550177', name: disguised }).success).toBe(false);
      expect(signInputSchema.shape.fullName.safeParse(disguised).success).toBe(false);
    }
    for (const fine of ['Avery Admin', 'José Ñúñez', 'Zoë O’Brien', '山田 太郎', 'محمد']) expect(nameSchema.safeParse(fine).success).toBe(true);
  });
});
