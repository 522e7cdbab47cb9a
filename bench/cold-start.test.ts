import { describe, expect, it } from 'vitest';
import { cpuByThread, ticksMs } from './cold-start.ts';

describe('cold start CPU figures', () => {
  it("reads user + system time from a /proc stat line, whatever the command's name holds", () => {
    // pid (comm) state ppid … utime(14th) stime(15th): 25 + 7 ticks of 10 ms
    const rest = 'S 1 2 3 4 5 6 7 8 9 10 25 7 0 0 20 0 9';
    expect(ticksMs(`123 (node) ${rest}`)).toBe(320);
    expect(ticksMs(`123 (a) b (c) ${rest}`)).toBe(320);
  });

  it("sums this process's threads by kind", () => {
    let spin = 0;
    for (const end = performance.now() + 30; performance.now() < end;) spin++;
    const byKind = cpuByThread(process.pid);
    expect(spin).toBeGreaterThan(0);
    expect(Object.keys(byKind).every((k) => ['main', 'database thread', "V8's helpers", 'other'].includes(k))).toBe(true);
    expect(Object.values(byKind).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });
});
