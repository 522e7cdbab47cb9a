import { describe, expect, it } from 'vitest';
import { otpStepSchema, phoneStepSchema } from './sign-in-schemas.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('sign-in validation (spec §5)', () => {
  it('asks for a valid phone of at least 10 characters', () => {
    expect(firstMessage(phoneStepSchema.safeParse({ phone: '' }))).toBe('Please enter a valid phone number');
    expect(firstMessage(phoneStepSchema.safeParse({ phone: '+1212555' }))).toBe('Please enter a valid phone number');
    expect(phoneStepSchema.parse({ phone: '+12125550103' })).toEqual({ phone: '+12125550103' });
  });

  it('strips non-digits and trims the code, which must be 6 digits', () => {
    const base = { name: '', email: '' };
    expect(otpStepSchema.parse({ ...base, otp: ' 123-456 ' }).otp).toBe('123456');
    expect(firstMessage(otpStepSchema.safeParse({ ...base, otp: '12345' }))).toBe('OTP must be 6 digits');
    expect(firstMessage(otpStepSchema.safeParse({ ...base, otp: '1234567' }))).toBe('OTP must be 6 digits');
  });

  it('takes an empty or valid email', () => {
    expect(otpStepSchema.safeParse({ otp: '123456', name: '', email: '' }).success).toBe(true);
    expect(otpStepSchema.safeParse({ otp: '123456', name: 'Ann', email: 'ann@example.com' }).success).toBe(true);
    expect(firstMessage(otpStepSchema.safeParse({ otp: '123456', name: '', email: 'nope' }))).toBe('Invalid email address');
  });
});
