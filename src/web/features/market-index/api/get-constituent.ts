import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConstituentDetail } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/index/constituents/{id}: observations and chart data (public). */
export const fetchConstituent = (id: string, signal?: AbortSignal) => apiRequest<ConstituentDetail>('GET', indexPaths.constituent(id), { signal });
export const constituentQuery = (id: string) =>
  queryOptions({ queryKey: indexKeys.constituent(id), queryFn: ({ signal }) => fetchConstituent(id, signal) });
export const useConstituent = (id: string) => useQuery(constituentQuery(id));
