import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';

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
  await db
    .insert(users)
    .values({ phone: HOUSE_PHONE, name: HOUSE_NAME, status: 'suspended', smsOptIn: false })
    .onConflictDoUpdate({ target: users.phone, set: { name: HOUSE_NAME }, setWhere: sql`${users.name} is distinct from ${HOUSE_NAME}` });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, HOUSE_PHONE)).limit(1);
  cached = { db, id: row.id };
  return row.id;
}
