import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '#common/public-config.ts';
import { apiGet } from '#web/lib/api.ts';
import { publicConfigKeys } from './keys.ts';

/** GET /api/public-config: the analytics id and the geolocation service, the same for everyone. */
export const fetchPublicConfig = (signal?: AbortSignal) => apiGet<PublicConfig>(publicConfigKeys.all, signal);

export const publicConfigQuery = () =>
  queryOptions({
    queryKey: publicConfigKeys.all,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: Infinity,
    meta: { sessionIndependent: true },
  });

export const usePublicConfig = (enabled = true) => useQuery({ ...publicConfigQuery(), enabled });
