import type { CardRequestKind, CardRequestStatus, ListingStatus, PromotionStatus, SellOfferStatus } from '#common/marketplace.ts';
import type { EventsContext } from '#server/lib/transition.ts';

type Log = { warn: (o: object, m: string) => void };

async function deliver(ctx: EventsContext, what: string, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (err) {
    (ctx.log as Log | undefined)?.warn({ err: { message: (err as Error).message } }, `${what} not delivered`);
  }
}

/**
 * listing_updated to every member and admin: open /secure and /secure/{id} pages refetch, so a
 * reserved, released or sold card changes on every screen within seconds. Names no buyer.
 */
export function listingUpdated(ctx: EventsContext, l: { id: string; cardId: string; status: ListingStatus; sellerId: string | null }) {
  return deliver(ctx, 'listing_updated', () =>
    ctx.live.publish([{ kind: 'members' }, { kind: 'admins' }], {
      type: 'listing_updated',
      listingId: l.id,
      cardId: l.cardId,
      status: l.status,
      ...(l.sellerId ? { userId: l.sellerId } : {}),
    }),
  );
}

/** request_updated to the member (toast 'Card Request Updated') and the admins' queue. */
export function requestUpdated(
  ctx: EventsContext,
  r: { id: string; userId: string; kind: CardRequestKind; status: CardRequestStatus; playerName: string; year: number },
) {
  return deliver(ctx, 'request_updated', () =>
    ctx.live.publish([{ kind: 'user', userId: r.userId }, { kind: 'admins' }], {
      type: 'request_updated',
      userId: r.userId,
      requestId: r.id,
      kind: r.kind,
      status: r.status,
      playerName: r.playerName,
      year: r.year,
    }),
  );
}

/** sell_updated to the member (toast 'Sell Offer Updated') and the admins' queue. */
export function sellUpdated(ctx: EventsContext, s: { id: string; userId: string; status: SellOfferStatus; playerName: string; year: number }) {
  return deliver(ctx, 'sell_updated', () =>
    ctx.live.publish([{ kind: 'user', userId: s.userId }, { kind: 'admins' }], {
      type: 'sell_updated',
      userId: s.userId,
      sellId: s.id,
      status: s.status,
      playerName: s.playerName,
      year: s.year,
    }),
  );
}

/** promotion_updated to the seller and the admins' queue. */
export function promotionUpdated(ctx: EventsContext, p: { id: string; userId: string; listingId: string; status: PromotionStatus }) {
  return deliver(ctx, 'promotion_updated', () =>
    ctx.live.publish([{ kind: 'user', userId: p.userId }, { kind: 'admins' }], {
      type: 'promotion_updated',
      userId: p.userId,
      promotionId: p.id,
      listingId: p.listingId,
      status: p.status,
    }),
  );
}
