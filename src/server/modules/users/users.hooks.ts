import type { Db } from '#server/db/client.ts';
import { createHook } from '#server/lib/hooks.ts';

/**
 * Ending a member's sessions is auth's job, but auth sits above users (it signs members in), so
 * users does not import it (decision 135): auth's module definition provides the function, and
 * buildApp registers it like any listener (decision 139).
 * Called inside users' transaction; returns how many sessions ended.
 */
export type SessionRevoker = (tx: Db, userId: string, now: Date, options?: { asImpersonatorOnly?: boolean }) => Promise<number>;

const revokers = createHook<null, SessionRevoker>();

export function provideSessionRevoker(fn: SessionRevoker): () => void {
  return revokers.on(null, fn);
}

export async function revokeSessionsOf(tx: Db, userId: string, now: Date, options?: { asImpersonatorOnly?: boolean }) {
  const [revoker] = revokers.handlers(null);
  // A suspension that left sessions alive would be silent and unsafe: refuse instead.
  if (!revoker) throw new Error('No session revoker: the auth module is not part of this app');
  return revoker(tx, userId, now, options);
}
