import type { AppContext } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { defineJob, enqueueJob, type JobDefinition } from '#server/lib/jobs.ts';
import type { PricesImportedListener } from '#server/modules/market-index/index.ts';
import type { ListingActiveListener } from '#server/modules/marketplace/index.ts';
import { evaluateListing, evaluatePayloadSchema, evaluatePrices } from './alerts.service.ts';

export const ALERTS_EVALUATE_JOB = 'alerts.evaluate';

/** The durable evaluation (decision 147): queued in the transaction that imported the prices or activated the listing. */
export function alertsJobs(ctx: Pick<AppContext, 'db' | 'clock' | 'live' | 'log'>): JobDefinition[] {
  return [
    defineJob({
      name: ALERTS_EVALUATE_JOB,
      payload: evaluatePayloadSchema,
      run: async (p) => {
        if (p.trigger === 'prices') await evaluatePrices(ctx, { constituentIds: p.constituentIds });
        else await evaluateListing(ctx, { listingId: p.listingId });
      },
    }),
  ];
}

async function queue(tx: Db, now: Date, payload: Record<string, unknown>, key?: string) {
  await enqueueJob(tx, { name: ALERTS_EVALUATE_JOB, runAt: now, payload, key });
}

/** Listens on market-index's "prices imported". */
export const queuePriceEvaluation: PricesImportedListener = async (tx, { constituentIds, now }) => {
  if (constituentIds.length) await queue(tx, now, { trigger: 'prices', constituentIds });
};

/** Listens on marketplace's "listing became active"; one pending evaluation per listing. */
export const queueListingEvaluation: ListingActiveListener = async (tx, { listingId, now }) => {
  await queue(tx, now, { trigger: 'listing', listingId }, `${ALERTS_EVALUATE_JOB}:listing:${listingId}`);
};
