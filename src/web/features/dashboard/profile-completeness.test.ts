import { describe, expect, it } from 'vitest';
import { profileCompleteness } from './profile-completeness.ts';

describe('profile completeness', () => {
  it('counts name, email and both opt-ins', () => {
    expect(profileCompleteness({ name: null, email: null, marketingOptIn: false, smsOptIn: false }).percent).toBe(0);
    expect(profileCompleteness({ name: 'A', email: null, marketingOptIn: false, smsOptIn: true }).percent).toBe(50);
    expect(profileCompleteness({ name: 'A', email: 'a@b.co', marketingOptIn: true, smsOptIn: true }).percent).toBe(100);
    expect(profileCompleteness({ name: '  ', email: '', marketingOptIn: false, smsOptIn: false }).items.every((i) => !i.done)).toBe(
      true,
    );
  });
});
