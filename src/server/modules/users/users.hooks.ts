import type { Db } from '#server/db/client.ts';

/**
 * Ending a member's sessions is auth's job, but auth sits above users (it signs members in), so
 * users does not import it (decision 135): auth provides the function when its index loads.
 * Called inside users' transaction; returns how many sessions ended.
 */
export type SessionRevoker = (tx: Db, userId: string, now: Date, options?: { asImpersonatorOnly?: boolean }) => Promise<number>;

let revoker: SessionRevoker | null = null;

export function provideSessionRevoker(fn: SessionRevoker) {
  revoker = fn;
}

export async function revokeSessionsOf(tx: Db, userId: string, now: Date, options?: { asImpersonatorOnly?: boolean }) {
  // A suspension that left sessions alive would be silent and unsafe: refuse instead.
  if (!revoker) throw new Error('No session revoker: the auth module was not loaded');
  return revoker(tx, userId, now, options);
}
