import type { AuthUser } from '#server/context.ts';

/**
 * Whose clients a caller may see and act on: a manager their own, an admin everyone's. Returns
 * the manager id the caller is limited to, or null for all (used inside the query's WHERE, so
 * another manager's client is simply not found).
 */
export function clientManagerScope(caller: Pick<AuthUser, 'id' | 'isAdmin'>): string | null {
  return caller.isAdmin ? null : caller.id;
}
