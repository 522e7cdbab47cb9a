import { eq } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import type { Db } from '#server/db/client.ts';
import { listings } from '#server/db/schema/marketplace.ts';
import type { TransitionActor, UnitOfWork } from '#server/lib/transition.ts';
import { cardDirectory } from '#server/modules/cards/index.ts';
import { notify } from '#server/modules/notifications/index.ts';
import { userDirectory } from '#server/modules/users/index.ts';
import type { ListingOfferRow } from './marketplace.aggregates.ts';

// Cards and members through their modules' read models (decision 135).
const cards = cardDirectory('cards');
const users = userDirectory('users');

const links = {
  myOffers: '/sales?tab=offers',
  listing: (id: string) => `/secure/${encodeURIComponent(id)}`,
  houseOffers: '/admin/cards',
};

async function listingFacts(tx: Db, listingId: string) {
  const [r] = await tx
    .select({ sellerId: listings.sellerId, cardId: listings.cardId, subject: cards.subject, year: cards.year })
    .from(listings)
    .innerJoin(cards, eq(cards.id, listings.cardId))
    .where(eq(listings.id, listingId))
    .limit(1);
  return { sellerId: r?.sellerId ?? null, card: r ? [r.year, r.subject].filter(Boolean).join(' ') : 'the card' };
}

async function memberName(tx: Db, id: string) {
  const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return u?.name || 'A member';
}

/** The seller hears of a new highest offer: a member seller, or the admins for a house listing. */
export async function highestOfferMade(uow: UnitOfWork, o: ListingOfferRow, now: Date) {
  const { sellerId, card } = await listingFacts(uow.tx, o.listingId);
  const message = `New highest offer of ${formatCents(o.amountCents)} on ${card}`;
  if (sellerId) {
    await notify(uow, { kind: 'listing_offer_new', title: 'New offer', message, user: { id: sellerId, link: links.myOffers }, now });
  } else {
    const who = await memberName(uow.tx, o.buyerId);
    await notify(uow, {
      kind: 'house_offer_new',
      title: 'New offer on a house listing',
      message: `${who}: ${message}`,
      admins: { link: links.houseOffers },
      now,
    });
  }
}

/**
 * A move of an offer by someone other than the buyer (counter, accept, decline, expiry): the buyer
 * hears. The buyer's own answer to a counter goes to the seller. Declines made because the listing
 * closed are told by `offerClosed`, with their reason.
 */
export async function listingOfferMoved(uow: UnitOfWork, o: ListingOfferRow, now: Date, move: { from: string; actor: TransitionActor }) {
  const { sellerId, card } = await listingFacts(uow.tx, o.listingId);
  if (move.actor.user?.id === o.buyerId) {
    if (move.from !== 'countered' || (o.status !== 'accepted' && o.status !== 'declined')) return;
    const who = await memberName(uow.tx, o.buyerId);
    const message =
      o.status === 'accepted'
        ? `${who} accepted your counter of ${formatCents(o.counterCents ?? 0)} on ${card}; the card is reserved while they pay`
        : `${who} declined your counter on ${card}`;
    const title = o.status === 'accepted' ? 'Counter accepted' : 'Counter declined';
    if (sellerId) await notify(uow, { kind: 'listing_offer_new', title, message, user: { id: sellerId, link: links.myOffers }, now });
    else await notify(uow, { kind: 'house_offer_new', title, message, admins: { link: links.houseOffers }, now });
    return;
  }
  if (o.status === 'declined' && move.actor.user === null) return;
  const texts: Partial<Record<ListingOfferRow['status'], [string, string]>> = {
    countered: [
      'Offer countered',
      `The seller countered your offer on ${card} at ${formatCents(o.counterCents ?? 0)}: accept or decline it on your Sales page`,
    ],
    accepted: [
      'Offer accepted',
      `Your offer of ${formatCents(o.agreedCents ?? o.amountCents)} on ${card} was accepted: the card is reserved for you, pay the invoice to complete the purchase`,
    ],
    declined: ['Offer declined', `The seller declined your offer of ${formatCents(o.amountCents)} on ${card}`],
    expired: ['Offer expired', `Your offer of ${formatCents(o.amountCents)} on ${card} expired without an answer`],
  };
  const text = texts[o.status];
  if (!text) return;
  await notify(uow, {
    kind: 'listing_offer_updated',
    title: text[0],
    message: text[1],
    variant: o.status === 'declined' ? 'destructive' : 'default',
    user: { id: o.buyerId, link: o.status === 'accepted' ? links.myOffers : links.listing(o.listingId) },
    now,
  });
}

export type OfferCloseReason = 'other_accepted' | 'sold' | 'withdrawn';
const closeTexts: Record<OfferCloseReason, string> = {
  other_accepted: 'the seller accepted another offer',
  sold: 'the card was sold',
  withdrawn: 'the listing was withdrawn',
};

/** An open offer declined because the listing closed to it: the buyer hears why. */
export async function offerClosed(uow: UnitOfWork, o: ListingOfferRow, reason: OfferCloseReason, now: Date) {
  const { card } = await listingFacts(uow.tx, o.listingId);
  await notify(uow, {
    kind: 'listing_offer_updated',
    title: 'Offer declined',
    message: `Your offer of ${formatCents(o.amountCents)} on ${card} was declined: ${closeTexts[reason]}`,
    variant: 'destructive',
    user: { id: o.buyerId, link: links.listing(o.listingId) },
    now,
  });
}

/** A cheaper listing of the same card and grade appeared: the seller of the dearer one hears. */
export async function listingUndercut(
  uow: UnitOfWork,
  input: { sellerId: string; card: string; priceCents: number; cheaperCents: number; cheaperId: string },
  now: Date,
) {
  await notify(uow, {
    kind: 'listing_undercut',
    title: 'Your listing was undercut',
    message: `${input.card} is now listed for ${formatCents(input.cheaperCents)}, below your ${formatCents(input.priceCents)}`,
    user: { id: input.sellerId, link: links.listing(input.cheaperId) },
    now,
  });
}
