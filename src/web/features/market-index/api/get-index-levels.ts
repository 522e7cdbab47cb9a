import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LevelsResponse } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/index/levels: the whole daily series; the chart picks its window on the client. */
export const fetchIndexLevels = (signal?: AbortSignal) => apiRequest<LevelsResponse>('GET', indexPaths.levels, { signal });
export const indexLevelsQuery = () => queryOptions({ queryKey: indexKeys.levels, queryFn: ({ signal }) => fetchIndexLevels(signal) });
export const useIndexLevels = () => useQuery(indexLevelsQuery());
