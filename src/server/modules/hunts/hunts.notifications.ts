import { eq } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import type { TransitionActor, UnitOfWork } from '#server/lib/transition.ts';
import { notify } from '#server/modules/notifications/index.ts';
import type { HuntRow } from './hunts.aggregate.ts';
import { userDirectory } from '#server/modules/users/index.ts';

// Members through users' read model (decision 135).
const users = userDirectory('users');

export const huntLinks = {
  myHunts: '/source?tab=hunts',
  myOffers: '/source?tab=offers',
  huntQueue: '/admin/sources?tab=hunts&status=pending',
  offerQueue: '/admin/sources?tab=offers&status=pending',
};

/** "1986 Michael Jordan": what a hunt is for, in a notification. */
export const huntWhat = (h: { year: number | null; player: string }) => [h.year, h.player].filter(Boolean).join(' ');

/** Messages end without a full stop (a text adds one); a note follows the news. */
export const withNote = (message: string, note: string | null) =>
  note?.trim() ? `${message}. Note: ${note.trim().replace(/[.\s]+$/, '')}` : message;

// hunt_updated already toasts the requester and the admins: these notifications fill the bell only.

/** Admins hear of a hunt to review. */
export async function huntCreated(uow: UnitOfWork, hunt: HuntRow, now: Date) {
  const [u] = await uow.tx.select({ name: users.name }).from(users).where(eq(users.id, hunt.requesterId)).limit(1);
  const message = `${u?.name || 'A member'} is looking for ${huntWhat(hunt)}, up to ${formatCents(hunt.maxBudgetCents)}`;
  await notify(uow, { kind: 'hunt_request_new', title: 'New hunt request', message, admins: { link: huntLinks.huntQueue }, silent: true, now });
}

/** The desk approved, fulfilled or closed a hunt: the requester hears (not of their own closing). */
export async function huntMoved(uow: UnitOfWork, hunt: HuntRow, now: Date, move: { actor: TransitionActor }) {
  if (move.actor.user?.id === hunt.requesterId) return;
  const what = huntWhat(hunt);
  const news =
    hunt.status === 'active'
      ? { title: 'Hunt approved', message: `Your hunt for ${what} is on the board` }
      : hunt.status === 'fulfilled'
        ? { title: 'Hunt fulfilled', message: `Your hunt for ${what} has been fulfilled` }
        : hunt.status === 'closed'
          ? { title: 'Hunt closed', message: withNote(`Your hunt for ${what} has been closed`, hunt.statusNote) }
          : null;
  if (!news) return;
  await notify(uow, { kind: 'hunt_updated', ...news, user: { id: hunt.requesterId, link: huntLinks.myHunts }, silent: true, now });
}
