import { desc, inArray, lt } from 'drizzle-orm';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { pageViews } from '../../db/schema/platform.ts';
import { enqueueJob, type JobHandler } from '../../lib/jobs.ts';

export const PRUNE_PAGE_VIEWS = 'analytics.prune_page_views';
const HOUR = 60 * 60_000;

/** Page views are anonymous input: keep 90 days and at most 200,000 rows, whatever arrives. */
export const PAGE_VIEW_RETENTION = { maxAgeDays: 90, maxRows: 200_000 };

// One job per hour: the key names the hour, so instances scheduling the same run make one job.
const keyFor = (t: Date) => `${PRUNE_PAGE_VIEWS}:${new Date(Math.floor(t.getTime() / HOUR) * HOUR).toISOString()}`;

export async function schedulePageViewPruning(db: Db, clock: Clock, runAt = clock.now()) {
  await enqueueJob(db, { name: PRUNE_PAGE_VIEWS, runAt, key: keyFor(runAt) });
}

export async function prunePageViews(db: Db, now: Date, limits = PAGE_VIEW_RETENTION) {
  await db.delete(pageViews).where(lt(pageViews.createdAt, new Date(now.getTime() - limits.maxAgeDays * 24 * HOUR)));
  const beyond = db.select({ id: pageViews.id }).from(pageViews).orderBy(desc(pageViews.createdAt)).offset(limits.maxRows);
  await db.delete(pageViews).where(inArray(pageViews.id, beyond));
}

/** Handlers for the job runner: prune, then schedule the next hour's run. */
export function pageViewJobs(db: Db, clock: Clock, limits = PAGE_VIEW_RETENTION): Record<string, JobHandler> {
  return {
    [PRUNE_PAGE_VIEWS]: async () => {
      const now = clock.now();
      await prunePageViews(db, now, limits);
      await schedulePageViewPruning(db, clock, new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR));
    },
  };
}
