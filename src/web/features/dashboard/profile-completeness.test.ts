import { describe, expect, it } from 'vitest';
import { profileCompleteness } from './profile-completeness.ts';

describe('profile completeness', () => {
  it('counts name, email and account texts; the marketing opt-in is a choice, never missing', () => {
    expect(profileCompleteness({ name: null, email: null, marketingOptIn: false, smsOptIn: false }).percent).toBe(0);
    expect(profileCompleteness({ name: 'A', email: 'a@b.co', marketingOptIn: false, smsOptIn: true }).percent).toBe(100);
    expect(profileCompleteness({ name: 'A', email: 'a@b.co', marketingOptIn: true, smsOptIn: true }).percent).toBe(100);
    expect(profileCompleteness({ name: 'A', email: null, marketingOptIn: true, smsOptIn: false }).percent).toBe(33);
    const { items } = profileCompleteness({ name: '  ', email: '', marketingOptIn: false, smsOptIn: false });
    expect(items.map((i) => i.key)).not.toContain('marketingOptIn');
    expect(items.every((i) => !i.done)).toBe(true);
  });
});
