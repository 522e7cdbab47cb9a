import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundDetail } from '#common/funds.ts';
import { apiGet } from '#web/lib/api.ts';
import { fundKeys } from './keys.ts';

/** GET /api/funds/{id}: facts, holdings, NAV and index series, allocation and the caller's own position. */
export const fetchFund = (id: string, signal?: AbortSignal) => apiGet<FundDetail>(fundKeys.detail(id), signal);

export const fundQuery = (id: string) =>
  queryOptions({ queryKey: fundKeys.detail(id), queryFn: ({ signal }) => fetchFund(id, signal), enabled: id !== '' });

export const useFund = (id: string) => useQuery(fundQuery(id));
