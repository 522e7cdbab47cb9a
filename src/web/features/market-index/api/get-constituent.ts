import { useQuery } from '@tanstack/react-query';
import type { ConstituentDetail } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/index/constituents/{id}: observations and chart data (public). */
export const useConstituent = (id: string) =>
  useQuery({
    queryKey: indexKeys.constituent(id),
    queryFn: ({ signal }) => apiRequest<ConstituentDetail>('GET', indexPaths.constituent(id), { signal }),
  });
