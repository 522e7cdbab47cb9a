import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSource } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminSourceKeys, adminSourcePaths } from './keys.ts';

/** GET /api/admin/sources?status=: offers with both parties. */
export const fetchAdminSources = (status: string, signal?: AbortSignal) =>
  apiRequest<{ sources: AdminSource[] }>('GET', adminSourcePaths.sources, { signal, params: { status: status || undefined } });
export const adminSourcesQuery = (status: string) =>
  queryOptions({ queryKey: adminSourceKeys.sourcesBy(status), queryFn: ({ signal }) => fetchAdminSources(status, signal) });
export const useAdminSources = (status: string) => useQuery(adminSourcesQuery(status));
