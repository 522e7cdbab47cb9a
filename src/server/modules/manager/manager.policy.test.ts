import { describe, expect, it } from 'vitest';
import { clientManagerScope } from './manager.policy.ts';

describe('manager policy', () => {
  it('limits a manager to their own clients and lets an admin see everyone’s', () => {
    expect(clientManagerScope({ id: 'm1', isAdmin: false })).toBe('m1');
    expect(clientManagerScope({ id: 'a1', isAdmin: true })).toBeNull();
  });
});
