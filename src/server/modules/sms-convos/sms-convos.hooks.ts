import type { Db } from '#server/db/client.ts';
import { createHook } from '#server/lib/hooks.ts';

/**
 * Who asked for access from a phone is access-requests' to say, but access-requests sits above
 * sms-convos (it texts requesters), so sms-convos does not import it (decision 135):
 * access-requests' module definition provides these reads, and buildApp registers them like any
 * listener (decision 139).
 */
export interface RequesterDirectory {
  /** Each phone's latest request's Instagram handle; phones without a request are left out. */
  instagramByPhone(db: Db, phones: readonly string[]): Promise<{ phone: string; instagram: string | null }[]>;
  /** Whether anyone asked for access from this phone. */
  hasRequested(db: Db, phone: string): Promise<boolean>;
}

const directories = createHook<null, RequesterDirectory>();

export function provideRequesterDirectory(directory: RequesterDirectory): () => void {
  return directories.on(null, directory);
}

export function requesterDirectory(): RequesterDirectory {
  const [directory] = directories.handlers(null);
  if (!directory) throw new Error('No requester directory: the access-requests module is not part of this app');
  return directory;
}
