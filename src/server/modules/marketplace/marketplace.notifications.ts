import { eq } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import type { Db } from '#server/db/client.ts';
import type { TransitionActor, UnitOfWork } from '#server/lib/transition.ts';
import { notify } from '#server/modules/notifications/index.ts';
import type { CardRequestRow, ListingRow, SellOfferRow } from './marketplace.aggregates.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import { cardDirectory } from '#server/modules/cards/index.ts';

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');

// Members through users' read model (decision 135).
const users = userDirectory('users');

// Where each party follows a notification to: the member's /sales tabs, the admins' queues.
const links = {
  myRequests: '/sales?tab=requests',
  myOffers: '/sales?tab=sells',
  mySold: '/sales?tab=sold',
  listing: (id: string) => `/secure/${encodeURIComponent(id)}`,
  requestsQueue: '/admin/requests?status=pending',
  offersQueue: '/admin/requests?tab=sells',
};

async function cardName(tx: Db, cardId: string) {
  const [c] = await tx.select({ subject: cards.subject, year: cards.year }).from(cards).where(eq(cards.id, cardId)).limit(1);
  return c ? [c.year, c.subject].filter(Boolean).join(' ') : 'your card';
}

async function memberName(tx: Db, id: string) {
  const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return u?.name || 'A member';
}

/** Messages end without a full stop (the text message adds one); the desk's note follows the news. */
const withNote = (message: string, note: string | null) => (note?.trim() ? `${message}. Note: ${note.trim().replace(/[.\s]+$/, '')}` : message);

/** The member moved it themselves (cancel, withdraw, answer a counter): they need no news of it. */
const byMember = (actor: TransitionActor, memberId: string) => actor.user?.id === memberId;

// request_updated and sell_updated already toast both the member and the admins: these notifications
// are silent on the wire and only fill the bell.

/** Admins hear of a new card request (the queue's toast came with request_updated). */
export async function cardRequestCreated(uow: UnitOfWork, r: CardRequestRow, now: Date) {
  const [who, card] = await Promise.all([memberName(uow.tx, r.userId), cardName(uow.tx, r.cardId)]);
  const ask = r.kind === 'list' ? `list ${card} at ${formatCents(r.askingPriceCents ?? 0)}` : `vault ${card}`;
  await notify(uow, {
    kind: 'card_request_new',
    title: 'New card request',
    message: `${who} asks to ${ask}`,
    admins: { link: links.requestsQueue },
    silent: true,
    now,
  });
}

/** A card request approved, rejected or completed by the desk: the member hears. */
export async function cardRequestMoved(uow: UnitOfWork, r: CardRequestRow, now: Date, move: { from: string; actor: TransitionActor }) {
  if (byMember(move.actor, r.userId)) return;
  const card = await cardName(uow.tx, r.cardId);
  let title: string;
  let message: string;
  if (r.status === 'approved') {
    title = 'Card request approved';
    message = withNote(`Your request to ${r.kind === 'list' ? 'list' : 'vault'} ${card} was approved: our team will arrange the pickup`, r.adminNote);
  } else if (r.status === 'rejected') {
    title = 'Card request rejected';
    message = withNote(`Your request to ${r.kind === 'list' ? 'list' : 'vault'} ${card} was rejected`, r.adminNote);
  } else if (r.status === 'completed') {
    // From approved, the card has just been received; from pending, it was already in the vault.
    const where = move.from === 'approved' ? `${card} was received into the vault` : `Your request for ${card} was approved`;
    title = move.from === 'approved' ? 'Card received into the vault' : 'Card request approved';
    message = r.kind === 'list' ? `${where} and is now listed on the Private MarketPlace` : where;
  } else return;
  await notify(uow, {
    kind: 'card_request_updated',
    title,
    message,
    variant: r.status === 'rejected' ? 'destructive' : 'default',
    user: { id: r.userId, link: links.myRequests },
    silent: true,
    now,
  });
}

/** Admins hear of a new offer to the house. */
export async function sellOfferCreated(uow: UnitOfWork, o: SellOfferRow, now: Date) {
  const [who, card] = await Promise.all([memberName(uow.tx, o.userId), cardName(uow.tx, o.cardId)]);
  await notify(uow, {
    kind: 'sell_offer_new',
    title: 'New sell offer',
    message: `${who} offers ${card} to the house for ${formatCents(o.priceCents)}`,
    admins: { link: links.offersQueue },
    silent: true,
    now,
  });
}

/**
 * A sell offer countered, accepted or rejected by the desk: the member hears. The member's own
 * answer to a counter (accepted or declined) goes to the admins instead; a withdrawal to nobody.
 */
export async function sellOfferMoved(uow: UnitOfWork, o: SellOfferRow, now: Date, move: { from: string; actor: TransitionActor }) {
  const card = await cardName(uow.tx, o.cardId);
  if (byMember(move.actor, o.userId)) {
    if (o.status !== 'accepted' && o.status !== 'declined') return;
    const who = await memberName(uow.tx, o.userId);
    const message =
      o.status === 'accepted'
        ? `${who} accepted the counter of ${formatCents(o.finalPriceCents ?? 0)} for ${card}`
        : `${who} declined the counter for ${card}`;
    await notify(uow, { kind: 'sell_offer_updated', title: 'Counter answered', message, admins: { link: links.offersQueue }, silent: true, now });
    return;
  }
  const texts: Partial<Record<SellOfferRow['status'], [string, string]>> = {
    countered: [
      'Sell offer countered',
      withNote(`The house offers ${formatCents(o.counterPriceCents ?? 0)} for ${card}: accept or decline it on your Sales page`, o.adminNote),
    ],
    accepted: ['Sell offer accepted', withNote(`The house bought ${card} for ${formatCents(o.finalPriceCents ?? o.priceCents)}`, o.adminNote)],
    rejected: ['Sell offer rejected', withNote(`The house declined your offer for ${card}`, o.adminNote)],
  };
  const text = texts[o.status];
  if (!text) return;
  await notify(uow, {
    kind: 'sell_offer_updated',
    title: text[0],
    message: text[1],
    variant: o.status === 'rejected' ? 'destructive' : 'default',
    user: { id: o.userId, link: links.myOffers },
    silent: true,
    now,
  });
}

/** A member's listing sold: the seller hears (listing_updated shows no toast, so this one does). */
export async function listingMoved(uow: UnitOfWork, l: ListingRow, now: Date) {
  if (l.status !== 'sold' || !l.sellerId) return;
  const card = await cardName(uow.tx, l.cardId);
  await notify(uow, {
    kind: 'listing_sold',
    title: 'Your card sold',
    message: `${card} sold on the Private MarketPlace for ${formatCents(l.agreedPriceCents ?? l.priceCents)}`,
    user: { id: l.sellerId, link: links.mySold },
    now,
  });
}

/** A reservation ran out unpaid: the buyer hears the card is back on sale. */
export async function reservationLapsed(uow: UnitOfWork, l: { id: string; cardId: string; buyerId: string }, now: Date) {
  const card = await cardName(uow.tx, l.cardId);
  await notify(uow, {
    kind: 'reservation_lapsed',
    title: 'Reservation expired',
    message: `Your reservation of ${card} ran out before payment; the card is back on sale`,
    user: { id: l.buyerId, link: links.listing(l.id) },
    now,
  });
}
