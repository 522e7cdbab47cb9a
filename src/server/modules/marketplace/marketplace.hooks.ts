import { createHook } from '#server/lib/hooks.ts';
import type { Db } from '#server/db/client.ts';

/**
 * Modules above the marketplace (alerts) hear that a listing became active (listed, or back on
 * sale after a lapsed reservation), inside that transaction (decision 147).
 */
export type ListingActiveListener = (tx: Db, listing: { listingId: string; now: Date }) => Promise<void>;

const active = createHook<null, ListingActiveListener>();

/** Listed in a module definition's `listeners`; buildApp registers it (decision 139). */
export function onListingActive(listener: ListingActiveListener): () => void {
  return active.on(null, listener);
}

export async function listingBecameActive(tx: Db, input: { listingId: string; now: Date }) {
  for (const listener of active.handlers(null)) await listener(tx, input);
}
