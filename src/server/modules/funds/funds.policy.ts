import type { AuthUser } from '#server/context.ts';
import { clientManagerScope } from '#server/lib/client-scope.ts';

/**
 * Fund staff: admins run everything; a manager sees the funds and acts on their own clients'
 * requests and transactions only, and only for a client who accepted the manager's invitation
 * (lib/client-scope.ts actingClients; another manager's client is simply not found).
 * Returns the manager id to limit investors to, or null for all.
 */
export function investorScope(caller: Pick<AuthUser, 'id' | 'isAdmin'>): string | null {
  return clientManagerScope(caller);
}
