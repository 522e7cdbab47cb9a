import { describe, expect, it } from 'vitest';
import { redisSummary } from './fanout.ts';

const round = (base: number, mem: number, redis: number, hops: number[]) => ({ base: { p99: base }, mem: { p99: mem }, redis: { p99: redis, hops } });

describe('the Redis fan-out figures', () => {
  it("judges the hop by its own p99 over every round's events, not by two runs' difference", () => {
    // End to end the Redis runs landed 4-8 ms above the in-process ones: noise of separate runs.
    const hops = (ms: number) => Array.from({ length: 100 }, (_, i) => (i === 99 ? ms : 0.4));
    const s = redisSummary([round(20, 18, 26, hops(1.2)), round(22, 21, 25, hops(0.9)), round(21, 20, 28, hops(1.1))]);
    expect(s.addedP99MsPerRound).toEqual([8, 4, 8]);
    expect(s.hopSamples).toBe(300);
    expect(s.hopP50Ms).toBeCloseTo(0.4);
    expect(s.p99RatioToBare).toBeCloseTo(26 / 20); // the median of 1.3, 1.14 and 1.33
    expect(s.hopP99Ms).toBeGreaterThan(0.4);
    expect(s.hopP99Ms).toBeLessThanOrEqual(1.2);
    expect(s.meetsGoal).toBe(true);
  });

  it('misses when the hop is slow or the end-to-end p99 is over 1.5× bare ws', () => {
    const slow = Array.from({ length: 100 }, () => 3);
    expect(redisSummary([round(20, 20, 21, slow)]).meetsGoal).toBe(false);
    expect(redisSummary([round(20, 20, 31, [0.5])]).meetsGoal).toBe(false);
    expect(redisSummary([round(20, 20, 21, [])]).meetsGoal).toBe(false);
  });
});
