import { useQuery } from '@tanstack/react-query';
import type { IndexOverview } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/index: level, changes and constituents (public). */
export const useIndexOverview = () =>
  useQuery({ queryKey: indexKeys.overview, queryFn: ({ signal }) => apiRequest<IndexOverview>('GET', indexPaths.overview, { signal }) });
