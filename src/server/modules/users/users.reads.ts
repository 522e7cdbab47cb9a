import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema/users.ts';

const qb = new QueryBuilder();

/**
 * The member directory: users' read model for other modules (decision 135). A read-only relation
 * over the users table that a list query joins under its own alias (`userDirectory('sellers')`),
 * so a list stays one statement; Postgres flattens the sub-select, so the plan is the table's.
 * Writes go through the functions below.
 */
export function userDirectory<A extends string>(alias: A) {
  return qb
    .select({
      id: users.id,
      phone: users.phone,
      name: users.name,
      email: users.email,
      isAdmin: users.isAdmin,
      isManager: users.isManager,
      status: users.status,
      marketingOptIn: users.marketingOptIn,
      smsOptIn: users.smsOptIn,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .as(alias);
}

/** A member's name (an onboarding's client name, taken at first sign-in). */
export async function setUserName(tx: Db, userId: string, name: string, now: Date) {
  await tx.update(users).set({ name, updatedAt: now }).where(eq(users.id, userId));
}

/** A STOP/START reply: the member on this phone, if any, takes the choice. Returns their id. */
export async function setSmsOptInByPhone(tx: Db, phone: string, smsOptIn: boolean, now: Date): Promise<string | null> {
  const [member] = await tx.update(users).set({ smsOptIn, updatedAt: now }).where(eq(users.phone, phone)).returning({ id: users.id });
  return member?.id ?? null;
}

/** The house's account row, made on first use or renamed to the current name (safe under concurrent callers). */
export async function ensureSystemAccount(db: Db, account: { phone: string; name: string }): Promise<string> {
  await db
    .insert(users)
    .values({ phone: account.phone, name: account.name, status: 'suspended', smsOptIn: false })
    .onConflictDoUpdate({ target: users.phone, set: { name: account.name }, setWhere: sql`${users.name} is distinct from ${account.name}` });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, account.phone)).limit(1);
  return row.id;
}

/** A member's whole row, as sign-in needs it. */
export type MemberRow = typeof users.$inferSelect;

/** The member on this phone, or undefined (sign-in, impersonation). */
export async function memberByPhone(tx: Db, phone: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function memberById(tx: Db, id: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The account a first sign-in makes (auth decides its fields from the approved request). */
export async function createMember(tx: Db, values: typeof users.$inferInsert): Promise<MemberRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row;
}

/** Sign-in's own changes to a member: the login time, and profile gaps filled from the form. */
export async function updateMemberAtSignIn(
  tx: Db,
  id: string,
  patch: Partial<Pick<MemberRow, 'lastLoginAt' | 'name' | 'email' | 'isAdmin' | 'updatedAt'>>,
): Promise<MemberRow> {
  const [row] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}
