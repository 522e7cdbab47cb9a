import type { AppContext } from '#server/context.ts';
import { z } from 'zod';
import { defineJob, enqueueJob, type JobDefinition } from '#server/lib/jobs.ts';
import { defaultOverdueLoans, expireOffers, invoiceDueInstallments } from './lending.service.ts';

export const LENDING_UPKEEP_JOB = 'lending.upkeep';
const HOUR = 60 * 60_000;

type JobContext = Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>;

// One run per hour; the key names the hour so instances scheduling the same run make one job.
const keyFor = (t: Date) => `${LENDING_UPKEEP_JOB}:${new Date(Math.floor(t.getTime() / HOUR) * HOUR).toISOString()}`;

export async function scheduleLendingUpkeep(ctx: Pick<AppContext, 'db' | 'clock'>, input: { runAt?: Date } = {}) {
  const runAt = input.runAt ?? ctx.clock.now();
  await enqueueJob(ctx.db, { name: LENDING_UPKEEP_JOB, runAt, key: keyFor(runAt) });
}

/**
 * The loan book's timed changes, in order: unanswered offers expire, installments that fell due
 * are invoiced, and loans with an installment unpaid past the grace period default. Every step
 * claims its rows with a conditional update, so a repeated or concurrent run changes nothing twice.
 */
export async function runLendingUpkeep(ctx: JobContext) {
  const expired = await expireOffers(ctx);
  const invoiced = await invoiceDueInstallments(ctx);
  const defaulted = await defaultOverdueLoans(ctx);
  return { expired, invoiced, defaulted };
}

export function lendingJobs(ctx: JobContext): JobDefinition[] {
  return [
    defineJob({
      name: LENDING_UPKEEP_JOB,
      payload: z.object({}),
      run: async () => {
        await runLendingUpkeep(ctx);
        const now = ctx.clock.now();
        await scheduleLendingUpkeep(ctx, { runAt: new Date(Math.floor(now.getTime() / HOUR) * HOUR + HOUR) });
      },
    }),
  ];
}
