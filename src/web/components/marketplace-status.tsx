import {
  cardRequestStatusLabels,
  listingStatusLabels,
  promotionStatusLabels,
  sellOfferStatusLabels,
  type CardRequestStatus,
  type ListingStatus,
  type PromotionStatus,
  type SellOfferStatus,
  type StatusHistoryEntry,
} from '#common/marketplace.ts';
import { formatDate } from '#web/lib/dates.ts';
import { statusMap } from './status-badge.tsx';

/** Shared by the member's /sales and the admin queues, so both name a status alike. */
export const listingStatusStyles = statusMap<ListingStatus>(listingStatusLabels, {
  active: 'success',
  reserved: 'warning',
  sold: 'muted',
  withdrawn: 'muted',
});

export const sellOfferStatusStyles = statusMap<SellOfferStatus>(sellOfferStatusLabels, {
  pending: 'warning',
  countered: 'warning',
  accepted: 'success',
  rejected: 'destructive',
  declined: 'muted',
  withdrawn: 'muted',
});

export const cardRequestStatusStyles = statusMap<CardRequestStatus>(cardRequestStatusLabels, {
  pending: 'warning',
  approved: 'neutral',
  completed: 'success',
  rejected: 'destructive',
  cancelled: 'muted',
});

export const promotionStatusStyles = statusMap<PromotionStatus>(promotionStatusLabels, {
  pending: 'warning',
  approved: 'success',
  declined: 'destructive',
  cancelled: 'muted',
});

/** A record's status changes, oldest first, with who and the note. */
export function StatusHistory({ entries, labels }: { entries: readonly StatusHistoryEntry[]; labels: Record<string, string> }) {
  if (entries.length === 0) return null;
  return (
    <ol className="grid gap-1.5 border-l pl-3 text-xs" aria-label="Status history">
      {entries.map((e, i) => (
        <li key={i} className="min-w-0">
          <span className="font-medium">{labels[e.status] ?? e.status}</span>
          <span className="text-muted-foreground">
            {' '}
            · {formatDate(e.at)}
            {e.by?.name ? ` · ${e.by.name}` : ''}
          </span>
          {e.note && <p className="break-words text-muted-foreground">“{e.note}”</p>}
        </li>
      ))}
    </ol>
  );
}
