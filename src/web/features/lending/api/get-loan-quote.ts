import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LoanQuote } from '#common/lending.ts';
import { apiGet } from '#web/lib/api.ts';
import { loanKeys } from './keys.ts';

export interface QuoteParams {
  cardIds: string[];
  termMonths: number;
  aprBps?: number;
  amountCents?: number;
}

const keyOf = (p: QuoteParams) =>
  loanKeys.quoteFor({ cardIds: p.cardIds.join(','), termMonths: p.termMonths, aprBps: p.aprBps, amountCents: p.amountCents });

/** GET /api/loans/quote: what the chosen cards support and what it would cost; changes nothing. */
export const fetchLoanQuote = (p: QuoteParams, signal?: AbortSignal) => apiGet<LoanQuote>(keyOf(p), signal);
export const loanQuoteQuery = (p: QuoteParams) =>
  queryOptions({ queryKey: keyOf(p), queryFn: ({ signal }) => fetchLoanQuote(p, signal), staleTime: 30_000, placeholderData: keepPreviousData });
/** Asks only once at least one card is chosen; keeps the last answer on screen while the next loads. */
export const useLoanQuote = (p: QuoteParams) => useQuery({ ...loanQuoteQuery(p), enabled: p.cardIds.length > 0 });
