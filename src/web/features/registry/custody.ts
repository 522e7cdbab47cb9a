import { cardHoldLabels, type CardHoldKind, type Custody } from '#common/cards.ts';
import type { StatusMap } from '#web/components/status-badge.tsx';

/** Where the physical card is, as the member reads it. */
export const custodyStatuses: StatusMap<Custody> = {
  with_owner: { label: 'With you', tone: 'neutral' },
  in_transit: { label: 'In transit', tone: 'warning' },
  in_vault: { label: 'In the vault', tone: 'success' },
};

/** What holds the card (a listing, a loan, …), as a badge beside its custody. */
export const holdStatuses: StatusMap<CardHoldKind> = {
  listing: { label: cardHoldLabels.listing, tone: 'neutral' },
  loan: { label: cardHoldLabels.loan, tone: 'warning' },
  sell_offer: { label: cardHoldLabels.sell_offer, tone: 'neutral' },
  card_request: { label: cardHoldLabels.card_request, tone: 'neutral' },
  fund: { label: cardHoldLabels.fund, tone: 'neutral' },
};
