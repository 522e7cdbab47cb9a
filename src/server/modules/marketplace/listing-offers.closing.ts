import { and, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { openOfferStatuses } from '#common/listing-offers.ts';
import { listingOffers, listings } from '#server/db/schema/marketplace.ts';
import { transitionMany, type TransitionActor, type UnitOfWork } from '#server/lib/transition.ts';
import { cardColumns, cardDirectory } from '#server/modules/cards/index.ts';
import { listingOfferAggregate, type ListingRow } from './marketplace.aggregates.ts';
import { listingUndercut, offerClosed, type OfferCloseReason } from './listing-offers.notifications.ts';

// What the listing's own moves do to offers (issue 34), apart from the offers service so that the
// listings service can call it without importing that service back.

// Cards through cards' read model (decision 135).
const cards = cardDirectory('cards');
const others = cardDirectory('other_cards');
const system: TransitionActor = { user: null, impersonatorId: null, ip: null };

/**
 * The listing closed to its open offers (another offer accepted, the card sold, the listing
 * withdrawn): each is declined and its buyer told why. Runs in the closing transaction.
 */
export async function closeOpenOffers(uow: UnitOfWork, input: { listingId: string; now: Date; reason: OfferCloseReason; except?: string }) {
  const closed = await transitionMany(uow, listingOfferAggregate, {
    where: and(eq(listingOffers.listingId, input.listingId), input.except ? ne(listingOffers.id, input.except) : undefined),
    from: openOfferStatuses,
    to: 'declined',
    actor: system,
    now: input.now,
    data: { reason: input.reason },
  });
  for (const o of closed) await offerClosed(uow, o, input.reason, input.now);
}

const same = (col: Parameters<typeof eq>[0], v: string | null): SQL => (v === null ? isNull(col) : eq(col, v));

/**
 * A listing appeared or got cheaper: the member sellers of open listings of the same card identity
 * (player, year, set, number, variety) and grade that ask more hear they were undercut.
 */
export async function undercutCheck(uow: UnitOfWork, l: Pick<ListingRow, 'id' | 'cardId' | 'sellerId' | 'priceCents'>, now: Date) {
  const [c] = await uow.tx.select(cardColumns).from(cards).where(eq(cards.id, l.cardId)).limit(1);
  if (!c) return;
  const dearer = await uow.tx
    .select({ id: listings.id, sellerId: listings.sellerId, priceCents: listings.priceCents })
    .from(listings)
    .innerJoin(others, eq(others.id, listings.cardId))
    .where(
      and(
        inArray(listings.status, ['active', 'reserved']),
        ne(listings.id, l.id),
        gt(listings.priceCents, l.priceCents),
        sql`${listings.sellerId} is not null`,
        l.sellerId ? ne(listings.sellerId, l.sellerId) : undefined,
        eq(others.subject, c.subject),
        eq(others.year, c.year),
        eq(others.brand, c.brand),
        eq(others.grader, c.grader),
        same(others.cardNumber, c.cardNumber),
        same(others.variety, c.variety),
        same(others.grade, c.grade),
      ),
    );
  const card = `${c.year} ${c.brand} ${c.subject}${c.grade ? ` (${c.grader} ${c.grade})` : ''}`;
  for (const d of dearer)
    await listingUndercut(uow, { sellerId: d.sellerId!, card, priceCents: d.priceCents, cheaperCents: l.priceCents, cheaperId: l.id }, now);
}
