import type { AuthUser } from '#server/context.ts';

/** A card's links are its owner's; admins may also revoke any (a leaked link is a support call). */
export function canRevokeLink(user: Pick<AuthUser, 'id' | 'isAdmin'>, link: { ownerId: string }): boolean {
  return user.isAdmin || link.ownerId === user.id;
}

/** Only the owner lists and creates a card's links: an admin's support view is the analytics page. */
export function canManageCardLinks(user: Pick<AuthUser, 'id'>, card: { ownerId: string }): boolean {
  return card.ownerId === user.id;
}
