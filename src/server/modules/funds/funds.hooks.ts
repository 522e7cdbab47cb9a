import type { AuthUser } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { createHook } from '#server/lib/hooks.ts';

/**
 * Who a manager's clients are is onboarding's to say, but onboarding sits above funds (it
 * subscribes a client's deposit), so funds does not import it (decision 135): onboarding's module
 * definition provides these reads, and buildApp registers them like any listener (decision 139).
 * Both apply the acting-client scope (decision 127): an admin's is everyone.
 */
export interface ClientDirectory {
  /** The members the caller may act for. */
  actingClientIds(db: Db, caller: Pick<AuthUser, 'id' | 'isAdmin'>): Promise<string[]>;
  /** The onboarding's client, if the caller may act for them; `userId` is null before the client's first sign-in. */
  actingClientOf(db: Db, caller: Pick<AuthUser, 'id' | 'isAdmin'>, onboardingId: string): Promise<{ userId: string | null } | undefined>;
}

const directories = createHook<null, ClientDirectory>();

export function provideClientDirectory(directory: ClientDirectory): () => void {
  return directories.on(null, directory);
}

export function clientDirectory(): ClientDirectory {
  const [directory] = directories.handlers(null);
  // Without it a manager's scope is unknown: refuse rather than guess.
  if (!directory) throw new Error('No client directory: the onboarding module is not part of this app');
  return directory;
}
