import { desc, inArray, lt } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { pageViews } from '#server/db/schema/platform.ts';
import { z } from 'zod';
import { defineJob, enqueueJob, type JobDefinition } from '#server/lib/jobs.ts';

export const PRUNE_PAGE_VIEWS = 'analytics.prune_page_views';
const HOUR = 60 * 60_000;

/** Page views are anonymous input: keep 90 days and at most 200,000 rows, whatever arrives. */
export const PAGE_VIEW_RETENTION = { maxAgeDays: 90, maxRows: 200_000 };

// One job per hour: the key names the hour, so instances scheduling the same run make one job.
const keyFor = (t: Date) => `${PRUNE_PAGE_VIEWS}:${new Date(Math.floor(t.getTime() / HOUR) * HOUR).toISOString()}`;

type JobContext = Pick<AppContext, 'db' | 'clock'>;

export async function schedulePageViewPruning(ctx: JobContext, input: { runAt?: Date } = {}) {
  const runAt = input.runAt ?? ctx.clock.now();
  await enqueueJob(ctx.db, { name: PRUNE_PAGE_VIEWS, runAt, key: keyFor(runAt) });
}

async function prunePageViews(db: Db, now: Date, limits: typeof PAGE_VIEW_RETENTION) {
  await db.delete(pageViews).where(lt(pageViews.createdAt, new Date(now.getTime() - limits.maxAgeDays * 24 * HOUR)));
  const beyond = db.select({ id: pageViews.id }).from(pageViews).orderBy(desc(pageViews.createdAt)).offset(limits.maxRows);
  await db.delete(pageViews).where(inArray(pageViews.id, beyond));
}

/** Handlers for the job runner: prune, then schedule the next hour's run. */
export function pageViewJobs(ctx: JobContext, limits = PAGE_VIEW_RETENTION): JobDefinition[] {
  return [
    defineJob({
      name: PRUNE_PAGE_VIEWS,
      payload: z.object({}),
      run: async () => {
        const now = ctx.clock.now();
        await prunePageViews(ctx.db, now, limits);
        await schedulePageViewPruning(ctx, { runAt: new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR) });
      },
    }),
  ];
}
