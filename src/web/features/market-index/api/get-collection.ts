import { useQuery } from '@tanstack/react-query';
import type { CollectionVsMarket } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/index/collection: the member's registry against the index, both rebased to 100. */
export const useCollectionVsMarket = () =>
  useQuery({ queryKey: indexKeys.collection, queryFn: ({ signal }) => apiRequest<CollectionVsMarket>('GET', indexPaths.collection, { signal }) });
