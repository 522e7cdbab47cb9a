import { cardHeldMessages, cardMessages, type CardHoldKind, type Custody } from '#common/cards.ts';
import type { AuthUser } from '#server/context.ts';

/** Who may see or change a card: its owner, and admins (anyone else is told it does not exist). */
export function canSeeCard(user: Pick<AuthUser, 'id' | 'isAdmin'>, card: { ownerId: string }): boolean {
  return user.isAdmin || card.ownerId === user.id;
}

/** Members edit their own cards' descriptive fields; custody is the vault team's (admins) alone. */
export function canEditCard(user: Pick<AuthUser, 'id' | 'isAdmin'>, card: { ownerId: string }): boolean {
  return canSeeCard(user, card);
}

/** Why a card cannot be deleted, or null: only while it is in the owner's hands and nothing holds it. */
export function deleteRefusal(card: { custody: Custody; holdKind: CardHoldKind | null }): string | null {
  if (card.holdKind === 'listing') return cardMessages.deleteListed;
  if (card.holdKind === 'loan') return cardMessages.deletePledged;
  if (card.holdKind) return cardHeldMessages[card.holdKind];
  if (card.custody !== 'with_owner') return cardMessages.deleteNotWithOwner;
  return null;
}
