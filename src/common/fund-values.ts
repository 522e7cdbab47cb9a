// The funds' value lists, labels and unit formatting, without zod: pages that only show a
// position (the dashboard) do not build the fund schemas (everything is re-exported by funds.ts).
import { groupThousands } from './format.ts';
import type { TransitionMap } from './transitions.ts';

// ---------------------------------------------------------------------------------------------
// Value lists and status machines (domain.md: Funds and the index; decisions 080–084)
// ---------------------------------------------------------------------------------------------

export const fundStatuses = ['open', 'closed'] as const;
export type FundStatus = (typeof fundStatuses)[number];
export const fundStatusLabels: Record<FundStatus, string> = { open: 'Open', closed: 'Closed' };

/** Positions change only through these (decision 081). */
export const fundTransactionKinds = ['subscription', 'redemption', 'fee'] as const;
export type FundTransactionKind = (typeof fundTransactionKinds)[number];
export const fundTransactionKindLabels: Record<FundTransactionKind, string> = {
  subscription: 'Subscription',
  redemption: 'Redemption',
  fee: 'Management fee',
};

/** A subscription or redemption waits (pending) for the next valuation, which deals it. */
export const fundTransactionStatuses = ['pending', 'dealt', 'cancelled'] as const;
export type FundTransactionStatus = (typeof fundTransactionStatuses)[number];
export const fundTransactionStatusLabels: Record<FundTransactionStatus, string> = {
  pending: 'Awaiting next valuation',
  dealt: 'Dealt',
  cancelled: 'Cancelled',
};
export const fundTransactionTransitions: TransitionMap<FundTransactionStatus> = {
  pending: ['dealt', 'cancelled'],
  dealt: [],
  cancelled: [],
};

/** Where a transaction came from. */
export const fundTransactionSources = ['request', 'onboarding', 'admin', 'valuation'] as const;
export type FundTransactionSource = (typeof fundTransactionSources)[number];

export const fundRequestKinds = ['subscription', 'redemption'] as const;
export type FundRequestKind = (typeof fundRequestKinds)[number];
export const fundRequestStatuses = ['pending', 'accepted', 'rejected', 'cancelled'] as const;
export type FundRequestStatus = (typeof fundRequestStatuses)[number];
export const fundRequestStatusLabels: Record<FundRequestStatus, string> = {
  pending: 'Pending review',
  accepted: 'Accepted',
  rejected: 'Declined',
  cancelled: 'Cancelled',
};
/** pending → accepted (a pending transaction is created) | rejected | cancelled (by the member). */
export const fundRequestTransitions: TransitionMap<FundRequestStatus> = {
  pending: ['accepted', 'rejected', 'cancelled'],
  accepted: [],
  rejected: [],
  cancelled: [],
};

// ---------------------------------------------------------------------------------------------
// Units
// ---------------------------------------------------------------------------------------------

/** Units carry 6 decimals, stored as integer micro-units (1 unit = 1,000,000). */
export const UNIT_DECIMALS = 6;
export const MICRO_PER_UNIT = 1_000_000;

/** `1234567` micro-units → `"1.234567"`. */
export function formatUnits(unitsMicro: number): string {
  const neg = unitsMicro < 0;
  const abs = Math.abs(Math.trunc(unitsMicro));
  const whole = Math.floor(abs / MICRO_PER_UNIT);
  const frac = String(abs % MICRO_PER_UNIT).padStart(UNIT_DECIMALS, '0');
  // Grouped by hand: toLocaleString builds an Intl formatter (about 60 ms at 4x CPU on the dashboard).
  return `${neg ? '-' : ''}${groupThousands(String(whole))}.${frac}`;
}
