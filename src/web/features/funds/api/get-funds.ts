import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundsListResponse } from '#common/funds.ts';
import { apiGet } from '#web/lib/api.ts';
import { fundKeys } from './keys.ts';

/** GET /api/funds: open and closed funds as cards, with the caller's own positions. */
export const fetchFunds = (signal?: AbortSignal) => apiGet<FundsListResponse>(fundKeys.all, signal);

export const fundsQuery = () => queryOptions({ queryKey: fundKeys.all, queryFn: ({ signal }) => fetchFunds(signal) });

export const useFunds = () => useQuery(fundsQuery());
