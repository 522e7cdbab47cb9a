import { createHook } from '#server/lib/hooks.ts';
import type { Db } from '#server/db/client.ts';

/**
 * Modules above the index (alerts) hear that new prices were imported, inside the import's
 * transaction, so what they queue commits or rolls back with the prices (decision 147).
 */
export type PricesImportedListener = (tx: Db, imported: { constituentIds: string[]; now: Date }) => Promise<void>;

const imported = createHook<null, PricesImportedListener>();

/** Listed in a module definition's `listeners`; buildApp registers it (decision 139). */
export function onPricesImported(listener: PricesImportedListener): () => void {
  return imported.on(null, listener);
}

export async function pricesImported(tx: Db, input: { constituentIds: string[]; now: Date }) {
  for (const listener of imported.handlers(null)) await listener(tx, input);
}
