import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IndexOverview } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/index: level, changes and constituents (public). */
export const fetchIndexOverview = (signal?: AbortSignal) => apiRequest<IndexOverview>('GET', indexPaths.overview, { signal });
export const indexOverviewQuery = () => queryOptions({ queryKey: indexKeys.overview, queryFn: ({ signal }) => fetchIndexOverview(signal) });
export const useIndexOverview = () => useQuery(indexOverviewQuery());
