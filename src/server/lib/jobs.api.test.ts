import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { createTestApp, createTestDatabase, FakeClock } from '#server/test/harness.ts';
import { z } from 'zod';
import { backoffMs, defineJob, enqueueJob, JobRunner } from './jobs.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the job runner', () => {
  it('runs a job only once it is due, by the fake clock', async () => {
    const clock = new FakeClock();
    const ran: unknown[] = [];
    const runner = new JobRunner(database.db, clock, { 'test.due': async (p) => void ran.push(p) });
    await enqueueJob(database.db, { name: 'test.due', runAt: new Date(clock.now().getTime() + 60_000), payload: { n: 1 } });
    expect(await runner.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(ran).toEqual([{ n: 1 }]);
    expect(await database.db.select().from(jobs).where(eq(jobs.name, 'test.due'))).toEqual([]);
  });

  it('a typed job runs with its parsed payload; a malformed one is kept failed for good with the reason', async () => {
    const clock = new FakeClock();
    const ran: number[] = [];
    const runner = new JobRunner(database.db, clock, [
      defineJob({ name: 'test.typed', payload: z.object({ n: z.number() }), run: async ({ n }) => void ran.push(n) }),
    ]);
    await enqueueJob(database.db, { name: 'test.typed', runAt: clock.now(), payload: { n: 2 } });
    await enqueueJob(database.db, { name: 'test.typed', runAt: clock.now(), payload: { n: 'two' }, maxAttempts: 5 });
    expect(await runner.runDue()).toBe(2);
    expect(ran).toEqual([2]);
    clock.advance(24 * 60 * 60_000);
    expect(await runner.runDue()).toBe(0);
    const [kept] = await database.db.select().from(jobs).where(eq(jobs.name, 'test.typed'));
    expect(kept).toMatchObject({ attempts: 5, maxAttempts: 5, payload: { n: 'two' } });
    expect(kept.lastError).toMatch(/^malformed payload: .*expected number.*\n?.*at n/s);
  });

  it('two instances polling one database run each job exactly once', async () => {
    const clock = new FakeClock();
    const ran: string[] = [];
    const handler = async (p: Record<string, unknown>) => void ran.push(String(p.i));
    const a = new JobRunner(database.db, clock, { 'test.once': handler });
    const b = new JobRunner(database.db, clock, { 'test.once': handler });
    for (let i = 0; i < 20; i++) await enqueueJob(database.db, { name: 'test.once', runAt: clock.now(), payload: { i } });
    const [na, nb] = await Promise.all([a.runDue(), b.runDue()]);
    expect(na + nb).toBe(20);
    expect(ran.sort()).toEqual(Array.from({ length: 20 }, (_, i) => String(i)).sort());
  });

  it('the first poll waits for startAfter to settle', async () => {
    const clock = new FakeClock();
    const ran: string[] = [];
    await enqueueJob(database.db, { name: 'test.after', runAt: clock.now() });
    let prepared!: () => void;
    const startAfter = new Promise<void>((resolve) => (prepared = resolve));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const runner = new JobRunner(database.db, clock, { 'test.after': async () => void ran.push('ran') }, { startAfter });
      const polls = vi.spyOn(runner, 'runDue');
      runner.start();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(polls).not.toHaveBeenCalled();
      prepared();
      await vi.advanceTimersByTimeAsync(0);
      expect(polls).toHaveBeenCalledTimes(1);
      await runner.stop(); // waits for the poll let through
      expect(ran).toEqual(['ran']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('two apps on one database start their runners when ready, run a job once, and stop on close', async () => {
    const ran: string[] = [];
    const t1 = await createTestApp({ jobs: { 'test.app': async () => void ran.push('a') } });
    // The second app polls the first app's database, as a second instance would.
    const { buildApp } = await import('#server/app.ts');
    const t2 = await buildApp({
      config: t1.config,
      database: t1.database,
      clock: t1.clock,
      serveWeb: false,
      logger: false,
      jobs: { 'test.app': async () => void ran.push('b') },
      jobPollMs: 20,
    });
    await t2.ready();
    expect([t1.app.jobRunner?.state, t2.jobRunner?.state]).toEqual(['polling', 'polling']);
    await enqueueJob(t1.db, { name: 'test.app', runAt: t1.clock.now() });
    await expect.poll(async () => (await t1.db.select().from(jobs).where(eq(jobs.name, 'test.app'))).length).toBe(0);
    expect(ran).toHaveLength(1);
    await t2.close();
    await t1.app.close();
    // Closed means stopped: no poll is scheduled and none is running.
    expect([t1.app.jobRunner?.state, t2.jobRunner?.state]).toEqual(['stopped', 'stopped']);
    await enqueueJob(t1.db, { name: 'test.app', runAt: t1.clock.now(), key: 'after-close' });
    // The job waits unclaimed for a live runner: this one finds it and runs it, the closed apps did not.
    const after: string[] = [];
    expect(await new JobRunner(t1.db, t1.clock, { 'test.app': async () => void after.push('c') }).runDue()).toBe(1);
    expect(after).toEqual(['c']);
    expect(ran).toHaveLength(1);
    await t1.database.close();
  });

  it('a key keeps one pending job; a failure is retried with backoff, then kept with its error', async () => {
    const clock = new FakeClock();
    let calls = 0;
    const runner = new JobRunner(database.db, clock, {
      'test.fail': async () => {
        calls++;
        throw new Error('provider down');
      },
    });
    await enqueueJob(database.db, { name: 'test.fail', runAt: clock.now(), key: 'fail:1', maxAttempts: 2 });
    await enqueueJob(database.db, { name: 'test.fail', runAt: clock.now(), key: 'fail:1', maxAttempts: 2 });
    expect(await runner.runDue()).toBe(1);
    clock.advance(backoffMs(1) - 1);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    clock.advance(24 * 60 * 60_000);
    expect(await runner.runDue()).toBe(0);
    expect(calls).toBe(2);
    const [kept] = await database.db.select().from(jobs).where(eq(jobs.key, 'fail:1'));
    expect(kept).toMatchObject({ attempts: 2, lastError: 'provider down' });
  });
});
