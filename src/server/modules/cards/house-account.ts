import type { Db } from '#server/db/client.ts';
import { ensureSystemAccount } from '#server/modules/users/index.ts';

/**
 * The house as a card owner (its inventory, cards it buys, fund holdings): one user row that can
 * never sign in (suspended), on a 555-01xx number, which is reserved for fiction and never issued.
 */
export const HOUSE_PHONE = '+12125550100';
/** The product's name is never shown (spec: a logo is used); the house is "The house". */
export const HOUSE_NAME = 'The house';

let cached: { db: Db; id: string } | undefined;

/** The house account's id, created on first use (safe under concurrent callers). */
export async function houseAccountId(db: Db): Promise<string> {
  if (cached?.db === db) return cached.id;
  // An account made under the old name takes the new one.
  const id = await ensureSystemAccount(db, { phone: HOUSE_PHONE, name: HOUSE_NAME });
  cached = { db, id };
  return id;
}
