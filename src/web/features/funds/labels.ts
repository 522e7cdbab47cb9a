import { fundRequestStatusLabels, fundStatusLabels, type FundRequestStatus, type FundStatus } from '#common/fund-values.ts';
import { statusMap } from '#web/components/status-badge.tsx';
import { formatDate } from '#web/lib/dates.ts';

export const fundStatusStyles = statusMap<FundStatus>(fundStatusLabels, {
  open: 'success',
  closed: 'muted',
});

export const fundRequestStatusStyles = statusMap<FundRequestStatus>(fundRequestStatusLabels, {
  pending: 'warning',
  accepted: 'success',
  rejected: 'destructive',
  cancelled: 'muted',
});

/** "0.75% a year" from basis points. */
export const feeText = (bps: number) => `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })}% a year`;

/** A valuation or dealing date (YYYY-MM-DD) as "Jan 5, 2024", read as a calendar day. */
export const dayText = (day: string | null | undefined) => (day ? formatDate(day.slice(0, 10)) : '—');
