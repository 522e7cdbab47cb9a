import { describe, expect, it } from 'vitest';
import { documentOwnerScope, mayReview } from './kyc.policy.ts';

describe('kyc policy', () => {
  it('lets a member read only their own documents and an admin anyone’s', () => {
    expect(documentOwnerScope({ id: 'u1', isAdmin: false })).toBe('u1');
    expect(documentOwnerScope({ id: 'a1', isAdmin: true })).toBeNull();
  });

  it('lets an admin review others’ documents, never their own; members review none', () => {
    expect(mayReview({ id: 'a1', isAdmin: true }, 'u1')).toBe(true);
    expect(mayReview({ id: 'a1', isAdmin: true }, 'a1')).toBe(false);
    expect(mayReview({ id: 'u2', isAdmin: false }, 'u1')).toBe(false);
  });
});
