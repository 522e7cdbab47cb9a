import { describe, expect, it } from 'vitest';
import { avatarInitial } from './avatar-initial.ts';
import { meetsRequirement } from './guards.tsx';

describe('avatar initial (spec §2)', () => {
  it('is the first letter of the name', () => {
    expect(avatarInitial('casey Collector', '+12125550103')).toBe('C');
    expect(avatarInitial('  Élodie ', '+33612345678')).toBe('É');
  });

  it('is the second character of the phone when there is no name', () => {
    expect(avatarInitial(null, '+12125550103')).toBe('1');
    expect(avatarInitial('   ', '+447911123456')).toBe('4');
    expect(avatarInitial(undefined, '')).toBe('?');
  });
});

describe('layout requirements (spec §6)', () => {
  const user = { id: 'u', name: null, phone: '+1', isImpersonated: false, isAuthenticated: true as const };
  it('member shell: any signed-in user', () => {
    expect(meetsRequirement(null, 'user')).toBe(false);
    expect(meetsRequirement({ ...user, isAdmin: false, isManager: false }, 'user')).toBe(true);
  });
  it('admin layout: admins only; manager layout: admins or managers', () => {
    const member = { ...user, isAdmin: false, isManager: false };
    const manager = { ...user, isAdmin: false, isManager: true };
    const admin = { ...user, isAdmin: true, isManager: false };
    expect([member, manager, admin].map((u) => meetsRequirement(u, 'admin'))).toEqual([false, false, true]);
    expect([member, manager, admin].map((u) => meetsRequirement(u, 'admin-or-manager'))).toEqual([false, true, true]);
  });
});
