import { describe, expect, it } from 'vitest';
import { clientManagerScope, mayActFor } from './client-scope.ts';

describe('client scope', () => {
  it('limits a manager to their own clients and lets an admin see everyone’s', () => {
    expect(clientManagerScope({ id: 'm1', isAdmin: false })).toBe('m1');
    expect(clientManagerScope({ id: 'a1', isAdmin: true })).toBeNull();
  });

  it('lets a manager act only for their own client who accepted the invitation', () => {
    const manager = { id: 'm1', isAdmin: false };
    expect(mayActFor(manager, { managerId: 'm1', managerConsent: 'accepted' })).toBe(true);
    for (const consent of ['pending', 'declined', 'removed'] as const) {
      expect(mayActFor(manager, { managerId: 'm1', managerConsent: consent }), consent).toBe(false);
    }
    expect(mayActFor(manager, { managerId: 'm2', managerConsent: 'accepted' })).toBe(false);
    expect(mayActFor({ id: 'a1', isAdmin: true }, { managerId: 'm2', managerConsent: 'pending' })).toBe(true);
  });
});
