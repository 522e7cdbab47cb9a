import { formatCents } from '#common/format.ts';
import type { AlertSide } from '#common/alerts.ts';
import type { UnitOfWork } from '#server/lib/transition.ts';
import { notify } from '#server/modules/notifications/index.ts';

// Messages end without a full stop (the text message adds one).

/** A watched constituent crossed the member's price: the bell, and a text when they chose it for this kind. */
export async function priceCrossed(
  uow: UnitOfWork,
  a: { userId: string; constituentId: string; name: string; side: AlertSide; thresholdCents: number; priceCents: number },
  now: Date,
) {
  const move = a.side === 'above' ? 'rose to' : 'fell to';
  const edge = a.side === 'above' ? 'above' : 'below';
  await notify(uow, {
    kind: 'price_alert',
    title: 'Price alert',
    message: `${a.name} ${move} ${formatCents(a.priceCents)}, ${edge} your ${formatCents(a.thresholdCents)}`,
    user: { id: a.userId, link: `/WonderShyneIndex/${encodeURIComponent(a.constituentId)}` },
    now,
  });
}

/** A listing matched a watched constituent or a saved search. */
export async function listingMatched(uow: UnitOfWork, a: { userId: string; listingId: string; cardName: string; priceCents: number }, now: Date) {
  await notify(uow, {
    kind: 'listing_alert',
    title: 'New listing you watch',
    message: `${a.cardName} was listed on the Private MarketPlace at ${formatCents(a.priceCents)}`,
    user: { id: a.userId, link: `/secure/${encodeURIComponent(a.listingId)}` },
    now,
  });
}
