import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FundPositionsResponse } from '#common/funds.ts';
import { apiGet } from '#web/lib/api.ts';
import { managerKeys } from './keys.ts';

/** GET /api/manager/clients/{id}/fund-positions: the client's positions (a manager's own client; admins any). */
export const fetchClientFundPositions = (id: string, signal?: AbortSignal) => apiGet<FundPositionsResponse>(managerKeys.fundPositions(id), signal);

export const clientFundPositionsQuery = (id: string) =>
  queryOptions({ queryKey: managerKeys.fundPositions(id), queryFn: ({ signal }) => fetchClientFundPositions(id, signal) });

export const useClientFundPositions = (id: string, enabled: boolean) => useQuery({ ...clientFundPositionsQuery(id), enabled });
