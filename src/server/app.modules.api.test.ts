import { afterAll, beforeAll, expect, it } from 'vitest';
import { jobs } from '#server/db/schema/jobs.ts';
import { createTestApp } from '#server/test/harness.ts';
import { appModules, startSchedules } from './app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
});
afterAll(() => t.close());

it('each module is listed once, and no two modules define a job of the same name', () => {
  const names = appModules.map((m) => m.name);
  expect(new Set(names).size).toBe(names.length);
  const jobNames = appModules.flatMap((m) => m.jobs?.(t.app.ctx).map((j) => j.name) ?? []);
  expect(new Set(jobNames).size).toBe(jobNames.length);
});

it("startSchedules queues the first run of every module's recurring chain, once however often it is called", async () => {
  const before = (await t.db.select({ name: jobs.name }).from(jobs)).length;
  await startSchedules(t.app.ctx);
  await startSchedules(t.app.ctx);
  const queued = (await t.db.select({ name: jobs.name }).from(jobs)).map((j) => j.name);
  expect(queued.length - before).toBe(5);
  expect(queued).toEqual(
    expect.arrayContaining(['analytics.prune_page_views', 'money.overdue_notices', 'lending.upkeep', 'money.reconcile_day', 'index.recompute']),
  );
});
