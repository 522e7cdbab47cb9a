import { and, eq } from 'drizzle-orm';
import { certClaims } from '#server/db/schema/cert-claims.ts';
import type { OpenClaimFinder } from '#server/modules/cards/index.ts';

/** The claimant's open claim on a card, provided to cards from the module definition (decision 135). */
export const openClaimFinder: OpenClaimFinder = async (db, { cardId, claimantId }) => {
  const [open] = await db
    .select({ id: certClaims.id })
    .from(certClaims)
    .where(and(eq(certClaims.cardId, cardId), eq(certClaims.claimantId, claimantId), eq(certClaims.status, 'open')))
    .limit(1);
  return open?.id ?? null;
};
