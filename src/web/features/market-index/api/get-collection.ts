import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CollectionVsMarket } from '#common/market-index.ts';
import { apiRequest } from '#web/lib/api.ts';
import { indexKeys, indexPaths } from './keys.ts';

/** GET /api/index/collection: the member's registry against the index, both rebased to 100. */
export const fetchCollectionVsMarket = (signal?: AbortSignal) => apiRequest<CollectionVsMarket>('GET', indexPaths.collection, { signal });
export const collectionVsMarketQuery = () =>
  queryOptions({ queryKey: indexKeys.collection, queryFn: ({ signal }) => fetchCollectionVsMarket(signal) });
export const useCollectionVsMarket = () => useQuery(collectionVsMarketQuery());
