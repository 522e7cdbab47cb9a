import { createHook } from '#server/lib/hooks.ts';
import type { UnitOfWork } from '#server/lib/transition.ts';

/**
 * Modules above kyc that show a member's documents (onboarding) hear of a document change inside
 * its transaction and queue their own live events; kyc does not import them (decision 135).
 * Listeners run in registration order, after kyc has queued its own events.
 */
export type KycChangeListener = (uow: UnitOfWork, change: { userId: string }) => Promise<void>;

const documentChanged = createHook<null, KycChangeListener>();

/** Listed in a module definition's `listeners`; buildApp registers it (decision 139). */
export function onKycDocumentChanged(listener: KycChangeListener): () => void {
  return documentChanged.on(null, listener);
}

export async function kycDocumentChanged(uow: UnitOfWork, change: { userId: string }) {
  for (const listener of documentChanged.handlers(null)) await listener(uow, change);
}
