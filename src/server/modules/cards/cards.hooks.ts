import type { Db } from '#server/db/client.ts';
import { createHook } from '#server/lib/hooks.ts';

/**
 * Registering a certificate held by another member offers a claim, and points at the caller's
 * open one. Claims are cert-claims', but cert-claims sits above cards (an approval moves the
 * card), so cards does not import it (decision 135): cert-claims' module definition provides the
 * look-up, and buildApp registers it like any listener (decision 139).
 */
export type OpenClaimFinder = (db: Db, input: { cardId: string; claimantId: string }) => Promise<string | null>;

const finders = createHook<null, OpenClaimFinder>();

export function provideOpenClaimFinder(fn: OpenClaimFinder): () => void {
  return finders.on(null, fn);
}

/** The claimant's open claim on the card, or null. */
export async function openClaimOf(db: Db, input: { cardId: string; claimantId: string }): Promise<string | null> {
  const [finder] = finders.handlers(null);
  if (!finder) throw new Error('No open-claim finder: the cert-claims module is not part of this app');
  return finder(db, input);
}
