import { useQuery } from '@tanstack/react-query';
import type { AdminSource } from '#common/hunts.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminSourceKeys, adminSourcePaths } from './keys.ts';

/** GET /api/admin/sources?status=: offers with both parties. */
export const useAdminSources = (status: string) =>
  useQuery({
    queryKey: adminSourceKeys.sourcesBy(status),
    queryFn: ({ signal }) =>
      apiRequest<{ sources: AdminSource[] }>('GET', adminSourcePaths.sources, { signal, params: { status: status || undefined } }),
  });
