import { cardHoldLabels, type CardHoldKind, type Custody } from '#common/cards.ts';
import { statusMap, type StatusMap } from '#web/components/status-badge.tsx';

/** Where the physical card is, as the member reads it. */
export const custodyStatuses: StatusMap<Custody> = {
  with_owner: { label: 'With you', tone: 'neutral' },
  in_transit: { label: 'In transit', tone: 'warning' },
  in_vault: { label: 'In the vault', tone: 'success' },
};

/** What holds the card (a listing, a loan, …), as a badge beside its custody. */
export const holdStatuses = statusMap<CardHoldKind>(cardHoldLabels, {
  listing: 'neutral',
  loan: 'warning',
  sell_offer: 'neutral',
  card_request: 'neutral',
  fund: 'neutral',
  vault_intake: 'warning',
  vault_outtake: 'warning',
});
