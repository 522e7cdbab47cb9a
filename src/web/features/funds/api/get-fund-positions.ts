import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundPositionsResponse } from '#common/funds.ts';
import { apiGet } from '#web/lib/api.ts';
import { fundKeys } from './keys.ts';

/** GET /api/user/fund-positions: the member's own positions and their totals. */
export const fetchFundPositions = (signal?: AbortSignal) => apiGet<FundPositionsResponse>(fundKeys.positions, signal);

export const fundPositionsQuery = () => queryOptions({ queryKey: fundKeys.positions, queryFn: ({ signal }) => fetchFundPositions(signal) });

export const useFundPositions = () => useQuery(fundPositionsQuery());
