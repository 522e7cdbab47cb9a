import { describe, expect, it } from 'vitest';
import { normalizePhone } from '#common/phone.ts';
import { demoUsers } from '#server/db/seed.ts';
import { PHONE_BLOCK_SIZE, PHONE_BLOCKS, phoneSequence, uniquePhone } from './factories.ts';

const take = (next: () => string, n: number) => Array.from({ length: n }, next);

describe('factory phones', () => {
  it('are unique, valid E.164 numbers on the 555 exchange, never a demo person', () => {
    const phones = take(phoneSequence(7), PHONE_BLOCK_SIZE);
    expect(new Set(phones).size).toBe(PHONE_BLOCK_SIZE);
    for (const p of phones) {
      expect(normalizePhone(p)).toBe(p);
      expect(p).toMatch(/^\+1\d{3}555\d{4}$/);
    }
    const demo = new Set<string>(demoUsers.map((u) => u.phone));
    expect(phones.filter((p) => demo.has(p))).toEqual([]);
  });

  it('never repeat across blocks, so files on different prefixes cannot collide', () => {
    const seen = new Set<string>();
    for (let block = 0; block < PHONE_BLOCKS; block++) {
      const next = phoneSequence(block);
      for (const p of [next(), ...take(next, PHONE_BLOCK_SIZE - 2), next()]) seen.add(p);
    }
    expect(seen.size).toBe(PHONE_BLOCKS * PHONE_BLOCK_SIZE);
  });

  it('fail rather than wrap round when a block is used up, and refuse blocks that do not exist', () => {
    const next = phoneSequence(0);
    take(next, PHONE_BLOCK_SIZE);
    expect(next).toThrow(/used up/);
    expect(() => phoneSequence(PHONE_BLOCKS)).toThrow(RangeError);
    expect(() => phoneSequence(-1)).toThrow(RangeError);
  });

  it('the shared source draws a random block and keeps counting', () => {
    const a = uniquePhone();
    const b = uniquePhone();
    expect(a).not.toBe(b);
    expect(Number(b.slice(-4)) - Number(a.slice(-4))).toBe(1);
    // Different random prefixes: over many draws more than one block comes up.
    const firsts = new Set(Array.from({ length: 20 }, () => phoneSequence()()));
    expect(firsts.size).toBeGreaterThan(1);
  });
});
