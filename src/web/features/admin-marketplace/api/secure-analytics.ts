import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SecureAnalyticsQueryInput, SecureAnalyticsResponse } from '#common/marketplace.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminMarketKeys } from './keys.ts';

/** GET /api/admin/secure-analytics?from&to: views, unique viewers and view time per listing. */
export const fetchSecureAnalytics = (params: SecureAnalyticsQueryInput, signal?: AbortSignal) =>
  apiGet<SecureAnalyticsResponse>(adminMarketKeys.secureAnalyticsFor(params), signal);
export const secureAnalyticsQuery = (params: SecureAnalyticsQueryInput) =>
  queryOptions({
    queryKey: adminMarketKeys.secureAnalyticsFor(params),
    queryFn: ({ signal }) => fetchSecureAnalytics(params, signal),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
export const useSecureAnalytics = (params: SecureAnalyticsQueryInput) => useQuery(secureAnalyticsQuery(params));
