import type { AppContext } from '#server/context.ts';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '#server/lib/jobs.ts';
import { LAPSE_JOB, lapseReservation } from './listings.service.ts';
import { expireListingOffer, OFFER_EXPIRE_JOB } from './listing-offers.service.ts';

type JobContext = Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>;

/** A reservation's lapse, queued for its 15th minute (idempotent: an already settled or cancelled one is left alone). */
export function marketplaceJobs(ctx: JobContext): JobDefinition[] {
  return [
    defineJob({
      name: LAPSE_JOB,
      payload: z.object({ listingId: z.string() }),
      run: async ({ listingId }) => {
        await lapseReservation(ctx, { listingId });
      },
    }),
    // A listing offer's expiry at its time (idempotent: an answered or re-timed offer is left alone).
    defineJob({
      name: OFFER_EXPIRE_JOB,
      payload: z.object({ offerId: z.string() }),
      run: async ({ offerId }) => {
        await expireListingOffer(ctx, { offerId });
      },
    }),
  ];
}
