import {
  fundRequestStatusLabels,
  fundStatusLabels,
  fundTransactionStatusLabels,
  type FundRequestStatus,
  type FundStatus,
  type FundTransactionStatus,
} from '#common/funds.ts';
import { statusMap } from '#web/components/status-badge.tsx';
import { formatDate } from '#web/lib/dates.ts';
import { formatPhoneForDisplay } from '#web/features/phone/phone-format.ts';

export const fundStatusStyles = statusMap<FundStatus>(fundStatusLabels, {
  open: 'success',
  closed: 'muted',
});

export const transactionStatusStyles = statusMap<FundTransactionStatus>(fundTransactionStatusLabels, {
  pending: 'warning',
  dealt: 'success',
  cancelled: 'muted',
});

export const requestStatusStyles = statusMap<FundRequestStatus>(fundRequestStatusLabels, {
  pending: 'warning',
  accepted: 'success',
  rejected: 'destructive',
  cancelled: 'muted',
});

export const personText = (u: { name: string | null; phone: string }) => u.name || formatPhoneForDisplay(u.phone);

/** A calendar day (YYYY-MM-DD) as "Jan 5, 2024". */
export const dayText = (day: string | null | undefined) => (day ? formatDate(day.slice(0, 10)) : '—');

/** Today in UTC as YYYY-MM-DD (the server's calendar). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Basis points from a percent as typed ("0.75" → 75), or null. */
export function parsePercentToBps(text: string): number | null {
  const t = text.replace(/[%\s]/g, '');
  if (!/^\d{1,3}(\.\d{0,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

export const bpsToPercentText = (bps: number) => (bps / 100).toFixed(2).replace(/\.?0+$/, '');
