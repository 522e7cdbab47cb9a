import { and, eq, type SQL } from 'drizzle-orm';
import type { ManagerConsent } from '#common/onboarding.ts';
import type { AuthUser } from '#server/context.ts';
import { onboardings } from '#server/db/schema/onboarding.ts';

// Below the modules: the manager module and the funds staff screens both scope by it, and funds
// sits below manager (manager confirms deposits into funds).

/**
 * Whose clients a caller may see and act on: a manager their own, an admin everyone's. Returns
 * the manager id the caller is limited to, or null for all (used inside the query's WHERE, so
 * another manager's client is simply not found).
 */
export function clientManagerScope(caller: Pick<AuthUser, 'id' | 'isAdmin'>): string | null {
  return caller.isAdmin ? null : caller.id;
}

/**
 * security-tests.md: a manager acts for a member only after the member accepted the manager's
 * invitation. Whether the caller may read a client's details and act for them: an admin always,
 * a manager only for their own client whose consent is `accepted` (decision 127).
 */
export function mayActFor(caller: Pick<AuthUser, 'id' | 'isAdmin'>, link: { managerId: string | null; managerConsent: ManagerConsent }): boolean {
  const managerId = clientManagerScope(caller);
  return managerId === null || (link.managerId === managerId && link.managerConsent === 'accepted');
}

/**
 * The onboardings a caller may see in their list (a manager: every invitation they sent, with or
 * without consent), as a WHERE condition; undefined for an admin.
 */
export function listedClients(caller: Pick<AuthUser, 'id' | 'isAdmin'>): SQL | undefined {
  const managerId = clientManagerScope(caller);
  return managerId === null ? undefined : eq(onboardings.managerId, managerId);
}

/**
 * The onboardings whose client the caller may read in full and act for (mayActFor, as a WHERE
 * condition); undefined for an admin. Every read of a client's details and every act on their
 * behalf goes through this, so a client without consent is simply not found.
 */
export function actingClients(caller: Pick<AuthUser, 'id' | 'isAdmin'>): SQL | undefined {
  const managerId = clientManagerScope(caller);
  return managerId === null ? undefined : and(eq(onboardings.managerId, managerId), eq(onboardings.managerConsent, 'accepted'));
}
