import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '#common/auth.ts';
import { apiGet } from '#web/lib/api.ts';
import { adminUserKeys, type AdminUsersParams } from './keys.ts';

/** GET /api/admin/users?q=&page= */
export const fetchAdminUsers = (params: AdminUsersParams, signal?: AbortSignal) => apiGet<AdminUsersResponse>(adminUserKeys.list(params), signal);

/** The previous page stays on screen while the next one loads. */
export const adminUsersQuery = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: adminUserKeys.list(params),
    queryFn: ({ signal }) => fetchAdminUsers(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useAdminUsers = (params: AdminUsersParams) => useQuery(adminUsersQuery(params));
