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
import { formatDate } from '#common/format.ts';
import type { StatusMap } from './status-badge.tsx';

/** Shared by the member's /sales and the admin queues, so both name a status alike. */
export const listingStatusStyles: StatusMap<ListingStatus> = {
  active: { label: listingStatusLabels.active, tone: 'success' },
  reserved: { label: listingStatusLabels.reserved, tone: 'warning' },
  sold: { label: listingStatusLabels.sold, tone: 'muted' },
  withdrawn: { label: listingStatusLabels.withdrawn, tone: 'muted' },
};

export const sellOfferStatusStyles: StatusMap<SellOfferStatus> = {
  pending: { label: sellOfferStatusLabels.pending, tone: 'warning' },
  countered: { label: sellOfferStatusLabels.countered, tone: 'warning' },
  accepted: { label: sellOfferStatusLabels.accepted, tone: 'success' },
  rejected: { label: sellOfferStatusLabels.rejected, tone: 'destructive' },
  declined: { label: sellOfferStatusLabels.declined, tone: 'muted' },
  withdrawn: { label: sellOfferStatusLabels.withdrawn, tone: 'muted' },
};

export const cardRequestStatusStyles: StatusMap<CardRequestStatus> = {
  pending: { label: cardRequestStatusLabels.pending, tone: 'warning' },
  approved: { label: cardRequestStatusLabels.approved, tone: 'neutral' },
  completed: { label: cardRequestStatusLabels.completed, tone: 'success' },
  rejected: { label: cardRequestStatusLabels.rejected, tone: 'destructive' },
  cancelled: { label: cardRequestStatusLabels.cancelled, tone: 'muted' },
};

export const promotionStatusStyles: StatusMap<PromotionStatus> = {
  pending: { label: promotionStatusLabels.pending, tone: 'warning' },
  approved: { label: promotionStatusLabels.approved, tone: 'success' },
  declined: { label: promotionStatusLabels.declined, tone: 'destructive' },
  cancelled: { label: promotionStatusLabels.cancelled, tone: 'muted' },
};

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
