import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundHoldingDetail } from '#common/funds.ts';
import { apiGet } from '#web/lib/api.ts';
import { fundKeys } from './keys.ts';

/** GET /api/funds/{fundId}/cards/{cardId}: one holding with its mark history and provenance. */
export const fetchFundHolding = (fundId: string, cardId: string, signal?: AbortSignal) =>
  apiGet<FundHoldingDetail>(fundKeys.holding(fundId, cardId), signal);

export const fundHoldingQuery = (fundId: string, cardId: string) =>
  queryOptions({ queryKey: fundKeys.holding(fundId, cardId), queryFn: ({ signal }) => fetchFundHolding(fundId, cardId, signal) });

export const useFundHolding = (fundId: string, cardId: string) => useQuery(fundHoldingQuery(fundId, cardId));
