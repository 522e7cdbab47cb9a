import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SourceAnalytics } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminSourceKeys, adminSourcePaths } from './keys.ts';

/** GET /api/admin/source-analytics?from&to. */
export const fetchSourceAnalytics = (range: { from: string; to: string }, signal?: AbortSignal) =>
  apiRequest<SourceAnalytics>('GET', adminSourcePaths.analytics, { signal, params: range });
export const sourceAnalyticsQuery = (range: { from: string; to: string }) =>
  queryOptions({ queryKey: adminSourceKeys.analytics(range), queryFn: ({ signal }) => fetchSourceAnalytics(range, signal) });
export const useSourceAnalytics = (range: { from: string; to: string }) => useQuery(sourceAnalyticsQuery(range));
