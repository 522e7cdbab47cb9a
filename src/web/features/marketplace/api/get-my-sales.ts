import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserSalesResponse } from '#common/marketplace.ts';
import { apiGet } from '#web/lib/api.ts';
import { marketplaceKeys } from './keys.ts';

/** GET /api/user/sales: what the member bought and sold. */
export const fetchMySales = (signal?: AbortSignal) => apiGet<UserSalesResponse>(marketplaceKeys.sales, signal);
export const mySalesQuery = () => queryOptions({ queryKey: marketplaceKeys.sales, queryFn: ({ signal }) => fetchMySales(signal) });
export const useMySales = () => useQuery(mySalesQuery());
