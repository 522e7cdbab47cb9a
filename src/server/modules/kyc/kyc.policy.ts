import type { AuthUser } from '#server/context.ts';

/**
 * Who may see a member's identity documents: the member and the admins. Returns the owner the
 * reader is limited to, or null for anyone's (used inside the query, so others' files are 404s).
 */
export function documentOwnerScope(reader: Pick<AuthUser, 'id' | 'isAdmin'>): string | null {
  return reader.isAdmin ? null : reader.id;
}

/** An admin reviews other members' documents, never their own. */
export function mayReview(reviewer: Pick<AuthUser, 'id' | 'isAdmin'>, ownerId: string): boolean {
  return reviewer.isAdmin && reviewer.id !== ownerId;
}
