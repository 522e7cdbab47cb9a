import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { enqueueJob, JobRunner } from '#server/lib/jobs.ts';
import { createTestDatabase, FakeClock } from '#server/test/harness.ts';
import { LAPSE_JOB } from './listings.service.ts';
import { marketplaceJobs } from './marketplace.jobs.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

it('a reservation lapse without a listing id is kept failed with the reason, not taken as done', async () => {
  const clock = new FakeClock();
  const ctx = { db: database.db, clock, live: undefined as never, log: undefined as never };
  const runner = new JobRunner(database.db, clock, marketplaceJobs(ctx));
  await enqueueJob(database.db, { name: LAPSE_JOB, runAt: clock.now(), payload: { listing: 'l-1' } });
  expect(await runner.runDue()).toBe(1);
  clock.advance(24 * 60 * 60_000);
  expect(await runner.runDue()).toBe(0);
  const [kept] = await database.db.select().from(jobs).where(eq(jobs.name, LAPSE_JOB));
  expect(kept.attempts).toBe(kept.maxAttempts);
  expect(kept.lastError).toMatch(/malformed payload: .*listingId/s);
});
