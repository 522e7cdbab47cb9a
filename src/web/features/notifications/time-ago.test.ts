import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

const now = new Date('2026-06-10T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('timeAgo', () => {
  it('says how long ago in words a member reads at a glance', () => {
    expect(timeAgo(before(20_000), now)).toBe('just now');
    expect(timeAgo(before(5 * 60_000), now)).toBe('5 min ago');
    expect(timeAgo(before(3 * 3_600_000 + 59 * 60_000), now)).toBe('3 h ago');
    expect(timeAgo(before(30 * 3_600_000), now)).toBe('yesterday');
    expect(timeAgo(before(4 * 86_400_000), now)).toBe('4 days ago');
  });

  it('gives the date after a week, with the year only when it is not this year', () => {
    expect(timeAgo('2026-05-01T12:00:00Z', now)).toBe('May 1');
    expect(timeAgo('2025-12-24T12:00:00Z', now)).toBe('Dec 24, 2025');
  });
});
