import { eq } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import { hunts } from '#server/db/schema/hunts.ts';
import type { TransitionActor, UnitOfWork } from '#server/lib/transition.ts';
import { huntLinks, huntWhat, withNote } from './hunts.notifications.ts';
import { notify } from '#server/modules/notifications/index.ts';
import type { SourceRow } from './sources.aggregate.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

// source_status_changed toasts the responder, and source_updated the requester once approved:
// these notifications fill the bell only.

/** Admins hear of an offer to review. */
export async function sourceCreated(uow: UnitOfWork, source: SourceRow, now: Date) {
  const [row] = await uow.tx
    .select({ name: users.name, player: hunts.player, year: hunts.year })
    .from(hunts)
    .innerJoin(users, eq(users.id, source.responderId))
    .where(eq(hunts.id, source.huntId))
    .limit(1);
  if (!row) return;
  const message = `${row.name || 'A member'} offered a card for the hunt for ${huntWhat(row)}, asking ${formatCents(source.askingPriceCents)}`;
  await notify(uow, { kind: 'source_offer_new', title: 'New source offer', message, admins: { link: huntLinks.offerQueue }, silent: true, now });
}

/**
 * An offer moved by the desk (or closed with its hunt): the responder hears; once approved, the
 * hunt's requester hears a source was found. A responder withdrawing their own offer hears nothing.
 */
export async function sourceMoved(uow: UnitOfWork, source: SourceRow, now: Date, move: { actor: TransitionActor }) {
  if (move.actor.user?.id === source.responderId) return;
  const [hunt] = await uow.tx
    .select({ requesterId: hunts.requesterId, player: hunts.player, year: hunts.year })
    .from(hunts)
    .where(eq(hunts.id, source.huntId))
    .limit(1);
  if (!hunt) return;
  const what = huntWhat(hunt);
  const news =
    source.status === 'active'
      ? { title: 'Source offer approved', message: `Your offer for ${what} has been approved: our team will put you in touch` }
      : source.status === 'fulfilled'
        ? { title: 'Source offer fulfilled', message: `Your offer for ${what} has been fulfilled` }
        : source.status === 'closed'
          ? { title: 'Source offer closed', message: withNote(`Your offer for ${what} has been closed`, source.statusNote) }
          : null;
  if (!news) return;
  await notify(uow, { kind: 'source_updated', ...news, user: { id: source.responderId, link: huntLinks.myOffers }, silent: true, now });
  if (source.status === 'active' && hunt.requesterId !== source.responderId) {
    await notify(uow, {
      kind: 'hunt_source_found',
      title: 'Source found',
      message: `A card has been offered for your hunt for ${what}: our team will put you in touch`,
      user: { id: hunt.requesterId, link: huntLinks.myHunts },
      silent: true,
      now,
    });
  }
}
