import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { pageViews } from '#server/db/schema/platform.ts';
import { JobRunner } from '#server/lib/jobs.ts';
import { createTestDatabase, FakeClock } from '#server/test/harness.ts';
import { pageViewJobs, PRUNE_PAGE_VIEWS, schedulePageViewPruning } from './analytics.jobs.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const DAY = 24 * 60 * 60_000;

describe('page views stay few', () => {
  it('a recurring job drops views older than the retention and keeps at most the newest rows, then schedules its next run', async () => {
    const clock = new FakeClock();
    const now = clock.now().getTime();
    const at = (ms: number) => new Date(now - ms);
    await database.db
      .insert(pageViews)
      .values([
        { path: '/old', createdAt: at(91 * DAY) },
        ...Array.from({ length: 6 }, (_, i) => ({ path: `/recent-${i}`, createdAt: at((i + 1) * 60_000) })),
      ]);
    const runner = new JobRunner(database.db, clock, pageViewJobs({ db: database.db, clock }, { maxAgeDays: 90, maxRows: 4 }));
    await schedulePageViewPruning({ db: database.db, clock });
    await schedulePageViewPruning({ db: database.db, clock }); // a second instance starting: still one job
    expect(await database.db.select().from(jobs).where(eq(jobs.name, PRUNE_PAGE_VIEWS))).toHaveLength(1);

    expect(await runner.runDue()).toBe(1);
    const left = await database.db.select({ path: pageViews.path }).from(pageViews);
    expect(left.map((r) => r.path).sort()).toEqual(['/recent-0', '/recent-1', '/recent-2', '/recent-3']);

    const [next] = await database.db.select().from(jobs).where(eq(jobs.name, PRUNE_PAGE_VIEWS));
    expect(next.runAt.getTime()).toBeGreaterThan(now);
    expect(await runner.runDue()).toBe(0);
  });
});
