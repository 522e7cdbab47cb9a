import { useQuery } from '@tanstack/react-query';
import type { SourceAnalytics } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminSourceKeys, adminSourcePaths } from './keys.ts';

/** GET /api/admin/source-analytics?from&to. */
export const useSourceAnalytics = (range: { from: string; to: string }) =>
  useQuery({
    queryKey: adminSourceKeys.analytics(range),
    queryFn: ({ signal }) => apiRequest<SourceAnalytics>('GET', adminSourcePaths.analytics, { signal, params: range }),
  });
