import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSalesQueryInput, AdminSalesResponse } from '#common/marketplace.ts';
import { apiGet, apiRequest, buildUrl } from '#web/lib/api.ts';
import { adminMarketApi, adminMarketKeys } from './keys.ts';

/** GET /api/admin/sales?from&to&kind&period: rows, totals and totals per period. */
export const fetchAdminSales = (params: AdminSalesQueryInput, signal?: AbortSignal) =>
  apiGet<AdminSalesResponse>(adminMarketKeys.saleList(params), signal);
export const adminSalesQuery = (params: AdminSalesQueryInput) =>
  queryOptions({
    queryKey: adminMarketKeys.saleList(params),
    queryFn: ({ signal }) => fetchAdminSales(params, signal),
    placeholderData: keepPreviousData,
  });
export const useAdminSales = (params: AdminSalesQueryInput) => useQuery(adminSalesQuery(params));

/** The CSV export of the same filters (a plain download; the session cookie authenticates it). */
export const salesCsvUrl = (params: AdminSalesQueryInput) => buildUrl(adminMarketApi.salesCsv, { ...params });

/** PATCH /api/admin/sales/{id} { payoutStatus: 'paid' }: the house paid the seller. */
export const markPayoutPaid = (id: string) => apiRequest('PATCH', adminMarketApi.sale(id), { body: { payoutStatus: 'paid' } });

export function useMarkPayoutPaid() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markPayoutPaid, onSettled: () => qc.invalidateQueries({ queryKey: adminMarketKeys.sales }) });
}
