import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { termsAcceptances } from '#server/db/schema/platform.ts';
import { users } from '#server/db/schema/users.ts';

/**
 * The demo members came in through access requests under the first Terms of Use: their
 * acceptance of version 1 is on record, as it would be for a real member.
 */
export async function seedDemoLegal(db: Db, phones: string[]) {
  const people = await db
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(and(inArray(users.phone, phones), eq(users.isAdmin, false)));
  if (!people.length) return;
  await db
    .insert(termsAcceptances)
    .values(people.map((p) => ({ userId: p.id, version: 1, acceptedAt: p.createdAt, via: 'access_request' as const })))
    .onConflictDoNothing();
}
