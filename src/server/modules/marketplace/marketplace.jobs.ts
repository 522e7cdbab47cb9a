import type { AppContext } from '#server/context.ts';
import type { JobHandler } from '#server/lib/jobs.ts';
import { LAPSE_JOB, lapseReservation } from './listings.service.ts';

type JobContext = Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>;

/** A reservation's lapse, queued for its 15th minute (idempotent: an already settled or cancelled one is left alone). */
export function marketplaceJobs(ctx: JobContext): Record<string, JobHandler> {
  return {
    [LAPSE_JOB]: async (payload) => {
      if (typeof payload.listingId === 'string') await lapseReservation(ctx, { listingId: payload.listingId });
    },
  };
}
