import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPatch } from '#common/auth.ts';
import { apiRequest } from '#web/lib/api.ts';
import { adminUserKeys } from './keys.ts';

/** PATCH /api/admin/users/:id (roles, status). */
export const updateAdminUser = ({ id, patch }: { id: string; patch: AdminUserPatch }) =>
  apiRequest<AdminUser>('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, { body: patch });

/** Every cached page of the list is refreshed. */
export function useUpdateAdminUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
