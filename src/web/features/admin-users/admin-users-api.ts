import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPatch, AdminUsersResponse } from '#common/auth.ts';
import { apiRequest } from '#web/lib/api.ts';

export const ADMIN_USERS_KEY = '/api/admin/users';

/** GET /api/admin/users?q=&page= — the previous page stays on screen while the next one loads. */
export function useAdminUsers({ q, page }: { q: string; page: number }) {
  return useQuery<AdminUsersResponse>({
    queryKey: [ADMIN_USERS_KEY, { q: q || undefined, page }],
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** PATCH /api/admin/users/:id (roles, status); every cached page of the list is refreshed. */
export function useUpdateAdminUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: AdminUserPatch }) =>
      apiRequest<AdminUser>('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, { body: patch }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [ADMIN_USERS_KEY] }),
  });
}
