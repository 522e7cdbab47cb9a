import type { CardUpdatedReason, Custody } from '#common/cards.ts';
import type { EventsContext } from '#server/lib/transition.ts';

type Log = { warn: (o: object, m: string) => void };

/**
 * card_updated to the owner (every tab: registry, detail timeline) and to admins (card lists,
 * users-with-cards). Runs after the commit; a failed publish is logged, never undoes the change.
 */
export async function cardUpdated(
  ctx: Pick<EventsContext, 'live'>,
  card: { id: string; ownerId: string; custody: Custody; subject: string; year: number },
  reason: CardUpdatedReason,
  log?: Log,
) {
  try {
    await ctx.live.publish([{ kind: 'user', userId: card.ownerId }, { kind: 'admins' }], {
      type: 'card_updated',
      userId: card.ownerId,
      cardId: card.id,
      reason,
      custody: card.custody,
      playerName: card.subject,
      year: card.year,
    });
  } catch (err) {
    log?.warn({ err: { message: (err as Error).message } }, 'card_updated not delivered');
  }
}
