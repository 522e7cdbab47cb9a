import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SellOffersResponse } from '#common/marketplace.ts';
import { apiGet } from '#web/lib/api.ts';
import { marketplaceKeys } from './keys.ts';

/** GET /api/user/sells: the member's offers to the house, with their status history. */
export const fetchMySellOffers = (signal?: AbortSignal) => apiGet<SellOffersResponse>(marketplaceKeys.sells, signal);
export const mySellOffersQuery = () => queryOptions({ queryKey: marketplaceKeys.sells, queryFn: ({ signal }) => fetchMySellOffers(signal) });
export const useMySellOffers = () => useQuery(mySellOffersQuery());
