import { eq } from 'drizzle-orm';
import { certClaimMessages, certClaimPaths, certClaimTransitions, type CertClaimStatus } from '#common/cert-claims.ts';
import type { Db } from '#server/db/client.ts';
import { certClaimEvents, certClaims } from '#server/db/schema/cert-claims.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { Aggregate, TransitionActor, UnitOfWork } from '#server/lib/transition.ts';
import { notify } from '#server/modules/notifications/index.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { cardDirectory } from '#server/modules/cards/index.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

// Members through users' read model (decision 135).
const users = userDirectory('users');

export type CertClaimRow = typeof certClaims.$inferSelect;

/** "1986 Fleer Michael Jordan (PSA 12345678)": the card a claim is about, in a notification. */
export async function claimWhat(tx: Db, claim: Pick<CertClaimRow, 'cardId' | 'grader' | 'certNumber'>) {
  const [c] = await tx
    .select({ subject: cards.subject, year: cards.year, brand: cards.brand })
    .from(cards)
    .where(eq(cards.id, claim.cardId))
    .limit(1);
  const name = c ? [c.year, c.brand, c.subject].filter(Boolean).join(' ') : 'the card';
  return `${name} (${claim.grader} ${claim.certNumber})`;
}

async function memberName(tx: Db, id: string) {
  const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return u?.name || 'A member';
}

/** Messages end without a full stop (a text adds one); the desk's note follows the news. */
const withNote = (message: string, note: string | null) => (note?.trim() ? `${message}. Note: ${note.trim().replace(/[.\s]+$/, '')}` : message);

/** Admins hear of a new claim to review. */
export async function claimOpened(uow: UnitOfWork, claim: CertClaimRow, now: Date) {
  const message = `${await memberName(uow.tx, claim.claimantId)} claims ${await claimWhat(uow.tx, claim)}, registered by ${await memberName(uow.tx, claim.holderId)}`;
  await notify(uow, { kind: 'cert_claim_new', title: 'New certificate claim', message, admins: { link: certClaimPaths.adminQueue }, now });
}

/**
 * An admin decided: the claimant hears the outcome (with the reason of a rejection); the member
 * the card was registered to hears that it moved, or that the claim was turned down. A withdrawal
 * is the claimant's own act and tells nobody.
 */
export async function claimDecided(uow: UnitOfWork, claim: CertClaimRow, now: Date, move: { actor: TransitionActor }) {
  if (claim.status !== 'approved' && claim.status !== 'rejected') return;
  if (move.actor.user?.id === claim.claimantId) return;
  const what = await claimWhat(uow.tx, claim);
  const approved = claim.status === 'approved';
  await notify(uow, {
    kind: 'cert_claim_decided',
    title: approved ? 'Certificate claim approved' : 'Certificate claim rejected',
    message: approved
      ? withNote(`${what} is now in your registry`, claim.decisionNote)
      : withNote(`Your claim for ${what} was rejected`, claim.decisionNote),
    variant: approved ? 'default' : 'destructive',
    user: { id: claim.claimantId, link: approved ? `/registry/${encodeURIComponent(claim.cardId)}` : certClaimPaths.mine },
    now,
  });
  // The card's holder at the decision (the service moves it after this, so read the card now).
  const [card] = await uow.tx.select({ ownerId: cards.ownerId }).from(cards).where(eq(cards.id, claim.cardId)).limit(1);
  const holderId = card?.ownerId ?? claim.holderId;
  if (holderId === claim.claimantId) return;
  await notify(uow, {
    kind: 'card_claim_decided',
    title: approved ? 'A card left your registry' : 'A claim on your card was rejected',
    message: approved
      ? `Another member showed they hold the slab of ${what}; after review the card moved to their registry. Contact us if you believe this is wrong`
      : `Another member claimed ${what}; after review the claim was rejected and the card stays yours`,
    variant: approved ? 'destructive' : 'default',
    user: { id: holderId, link: approved ? '/registry' : `/registry/${encodeURIComponent(claim.cardId)}` },
    now,
  });
}

/** Claim status changes through the shared building block (decision 011): history, audit, notifications. */
export const certClaimAggregate: Aggregate<CertClaimStatus, CertClaimRow> = {
  name: 'cert_claim',
  table: certClaims,
  idColumn: certClaims.id,
  statusColumn: certClaims.status,
  statusKey: 'status',
  updatedKeys: ['updatedAt'],
  transitions: certClaimTransitions,
  recordHistory: async (tx, e) => {
    const note = typeof e.data?.note === 'string' ? e.data.note : null;
    await tx.insert(certClaimEvents).values({ claimId: e.id, fromStatus: e.from, toStatus: e.to, note, actorId: e.actorId, at: e.at });
  },
  conflict: (current) => new AppError('conflict', certClaimMessages.stale(current)),
  notFound: () => notFound(certClaimMessages.notFound),
  notify: (uow, row, now, move) => claimDecided(uow, row, now, move),
};
