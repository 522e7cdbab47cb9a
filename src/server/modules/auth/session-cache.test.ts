import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

describe('SessionCache', () => {
  it('serves an entry until its TTL, then forgets it', () => {
    const c = new SessionCache<string>(5_000, 10);
    c.set('a', 'A', ['u1'], 1_000, c.currentEpoch());
    expect(c.get('a', 5_999)).toBe('A');
    expect(c.get('a', 6_000)).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('evicts the least recently used entry beyond its size', () => {
    const c = new SessionCache<string>(5_000, 2);
    c.set('a', 'A', ['u1'], 0, c.currentEpoch());
    c.set('b', 'B', ['u2'], 0, c.currentEpoch());
    expect(c.get('a', 1)).toBe('A');
    c.set('c', 'C', ['u3'], 2, c.currentEpoch());
    expect(c.get('b', 3)).toBeUndefined();
    expect(c.get('a', 3)).toBe('A');
    expect(c.get('c', 3)).toBe('C');
  });

  it('invalidating a user drops their sessions and the sessions they impersonate in, only those', () => {
    const c = new SessionCache<string>(5_000, 10);
    c.set('own', 'own', ['admin'], 0, c.currentEpoch());
    c.set('imp', 'imp', ['member', 'admin'], 0, c.currentEpoch());
    c.set('other', 'other', ['member2'], 0, c.currentEpoch());
    c.invalidateUser('admin');
    expect(c.get('own', 1)).toBeUndefined();
    expect(c.get('imp', 1)).toBeUndefined();
    expect(c.get('other', 1)).toBe('other');
  });

  it('a lookup that started before an invalidation is not stored', () => {
    const c = new SessionCache<string>(5_000, 10);
    const epoch = c.currentEpoch();
    c.invalidateUser('u1');
    c.set('a', 'stale', ['u1'], 0, epoch);
    expect(c.get('a', 1)).toBeUndefined();
  });
});
