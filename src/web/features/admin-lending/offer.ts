import { BPS, formatApr, loanMessages, maxLoanCents, type AdminLoanPatch, type LendingPolicy, type Loan } from '#common/lending.ts';
import { parseDollarsToCents } from '#web/lib/amounts.ts';

export interface OfferForm {
  amount: string;
  /** Percent, e.g. "12.5". */
  apr: string;
  termMonths: number;
  note: string;
}
export type OfferField = 'amount' | 'apr' | 'term';

/** "12.5" or "12.5%" → 1250 basis points; anything else → null. */
export function percentToBps(text: string): number | null {
  const t = text.replace(/[%\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

/** The most this loan may be offered: the LTV cap of its collateral's current value. */
export const offerCapCents = (loan: Pick<Loan, 'collateralValueCents' | 'maxLtvBps'>) => maxLoanCents(loan.collateralValueCents, loan.maxLtvBps);

/** The first offer the form suggests: what was asked (within the cap), the requested term, the lowest APR. */
export function initialOffer(loan: Loan, policy: Pick<LendingPolicy, 'aprMinBps'> | undefined): OfferForm {
  const cents = Math.min(loan.amountRequestedCents, offerCapCents(loan));
  return { amount: (cents / 100).toFixed(2), apr: ((policy?.aprMinBps ?? 1200) / 100).toString(), termMonths: loan.termMonths, note: '' };
}

export function offerIssues(
  f: OfferForm,
  capCents: number,
  policy: Pick<LendingPolicy, 'aprMinBps' | 'aprMaxBps' | 'terms'> | undefined,
): Partial<Record<OfferField, string>> {
  const out: Partial<Record<OfferField, string>> = {};
  const cents = parseDollarsToCents(f.amount);
  if (cents === null || cents <= 0) out.amount = 'Enter the amount offered';
  else if (cents > capCents) out.amount = loanMessages.offerAboveCap(capCents);
  const bps = percentToBps(f.apr);
  if (bps === null || bps > BPS) out.apr = 'Enter the APR as a percent, like 12.5';
  else if (policy && (bps < policy.aprMinBps || bps > policy.aprMaxBps)) out.apr = loanMessages.aprRange(policy.aprMinBps, policy.aprMaxBps);
  if (![3, 6, 12].includes(f.termMonths)) out.term = loanMessages.term;
  return out;
}

export function toOfferPatch(f: OfferForm): AdminLoanPatch {
  return {
    status: 'conditionally_approved',
    offeredAmountCents: parseDollarsToCents(f.amount) ?? 0,
    aprBps: percentToBps(f.apr) ?? 0,
    termMonths: f.termMonths as 3 | 6 | 12,
    note: f.note.trim() || null,
  };
}

export const aprHint = (p: Pick<LendingPolicy, 'aprMinBps' | 'aprMaxBps'>) => `From ${formatApr(p.aprMinBps)} to ${formatApr(p.aprMaxBps)}`;
