import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareAnalytics } from '#common/share-links.ts';
import { apiRequest } from '#web/lib/api.ts';
import { shareKeys, sharePaths } from './keys.ts';

/** GET /api/admin/share-analytics?from&to (whole UTC days). */
export const fetchShareAnalytics = (from: string, to: string, signal?: AbortSignal) =>
  apiRequest<ShareAnalytics>('GET', sharePaths.analytics, { signal, params: { from, to } });

export const shareAnalyticsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: shareKeys.analyticsFor(from, to),
    queryFn: ({ signal }) => fetchShareAnalytics(from, to, signal),
    placeholderData: keepPreviousData,
  });
export const useShareAnalytics = (from: string, to: string) => useQuery(shareAnalyticsQuery(from, to));
